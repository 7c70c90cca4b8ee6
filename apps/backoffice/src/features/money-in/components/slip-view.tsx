import { useTranslation } from 'react-i18next';
import type { SlipItem } from '@mekong/contracts/admin/deposits';
import { ErrorText } from '@/components/error-text';
import { formatDateTime } from '@/lib/format';
import { useSlipImage } from '@/features/money-in/api/money-in-api';
import { MemberFacts } from '@/features/money-in/components/held-facts';
import { money, StatusBadge } from '@/features/money-in/components/queue-columns';

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
            <dl className="facts" data-testid="verifier-answer">
              <dt>{t('detail.amount')}</dt>
              <dd>{money(item.amountMinor)}</dd>
              <dt>{t('detail.transferDate')}</dt>
              <dd>{formatDateTime(item.verified.date, i18n.language)}</dd>
              <dt>{t('detail.sender')}</dt>
              <dd className={isOtherSender ? 'is-mismatch' : undefined}>
                {sender
                  ? `${sender.bankCode ?? ''} ${sender.accountNo ?? ''} · ${sender.name ?? ''}`
                  : '—'}
              </dd>
              <dt>{t('detail.receiver')}</dt>
              <dd>
                {receiver
                  ? `${receiver.bankCode ?? ''} ${receiver.accountNo ?? ''} · ${receiver.name ?? ''}`
                  : '—'}
              </dd>
              <dt>{t('detail.transRef')}</dt>
              <dd>
                <code>{item.transRef ?? '—'}</code>
              </dd>
            </dl>
          ) : (
            <p className="muted">{t('detail.verifierNone')}</p>
          )}
        </section>
        <section className="detail-section">
          <dl className="facts">
            <MemberFacts member={item.member} />
            <dt>{t('col.when')}</dt>
            <dd>{formatDateTime(item.createdAt, i18n.language)}</dd>
          </dl>
        </section>
      </div>
    </div>
  );
}
