import { useTranslation } from 'react-i18next';
import type { SlipItem } from '@mekong/contracts/admin/deposits';
import { ErrorText } from '@/components/error-text';
import { Facts } from '@/components/facts';
import { formatDateTime } from '@/lib/format';
import { useSlipImage } from '@/features/money-in/api/money-in-api';
import { memberFacts } from '@/features/money-in/components/held-facts';
import { money, StatusBadge } from '@/features/money-in/components/queue-columns';

type Party = { bankCode?: string | null; accountNo?: string | null; name?: string | null };

/** A transfer's party as the verifier read it (any part may be missing). */
const partyText = (party: Party | null | undefined) =>
  party ? `${party.bankCode ?? ''} ${party.accountNo ?? ''} · ${party.name ?? ''}` : '—';

/** The slip image beside the verifier's answer, the member's registered account and why it was not credited. */
export function SlipView({ item }: { item: SlipItem }) {
  const { t, i18n } = useTranslation('moneyIn');
  const image = useSlipImage(item.id, item.hasImage);
  const sender = item.verified?.sender;
  const receiver = item.verified?.receiver;
  // The verifier's full sender number that is not the member's registered one (a masked one is not compared).
  const isOtherSender = Boolean(
    sender?.accountNo &&
    /^\d+$/.test(sender.accountNo) &&
    item.member.bank &&
    sender.accountNo !== item.member.bank.accountNo,
  );
  return (
    <div className="slip-view">
      <div>
        {!item.hasImage ? (
          <p className="muted">{t('detail.noImage')}</p>
        ) : image.url ? (
          <img
            className="slip-view__image"
            src={image.url}
            alt={t('detail.slipImage')}
            data-testid="slip-image"
          />
        ) : image.error ? (
          <ErrorText error={image.error} />
        ) : (
          <div className="skeleton" aria-busy="true" aria-label={t('common:loading')} />
        )}
      </div>
      <div>
        <section className="detail-section">
          <h3>{t('detail.slipReason')}</h3>
          <p>
            <StatusBadge status={item.status} t={t} />{' '}
            <strong>
              {item.reason ? t(`slipReasons.${item.reason}`, { defaultValue: item.reason }) : '—'}
            </strong>
          </p>
        </section>
        <section className="detail-section">
          <h3>{t('detail.verifier')}</h3>
          {item.verified ? (
            <Facts
              testId="verifier-answer"
              rows={[
                { label: t('detail.amount'), value: money(item.amountMinor) },
                {
                  label: t('detail.transferDate'),
                  value: formatDateTime(item.verified.date, i18n.language),
                },
                { label: t('detail.sender'), value: partyText(sender), isMismatch: isOtherSender },
                { label: t('detail.receiver'), value: partyText(receiver) },
                { label: t('detail.transRef'), value: <code>{item.transRef ?? '—'}</code> },
              ]}
            />
          ) : (
            <p className="muted">{t('detail.verifierNone')}</p>
          )}
        </section>
        <section className="detail-section">
          <Facts
            rows={[
              ...memberFacts(item.member, t),
              { label: t('col.when'), value: formatDateTime(item.createdAt, i18n.language) },
            ]}
          />
        </section>
      </div>
    </div>
  );
}
