import { useTranslation } from 'react-i18next';
import type {
  NoticeItem,
  QrItem,
  QueueMember,
  VoucherItem,
} from '@mekong/contracts/admin/deposits';
import { formatDateTime } from '@/lib/format';
import { MemberCell, money, StatusBadge } from '@/features/money-in/components/queue-columns';

export function MemberFacts({ member }: { member: QueueMember }) {
  const { t } = useTranslation('moneyIn');
  return (
    <>
      <dt>{t('detail.member')}</dt>
      <dd>
        <MemberCell member={member} />
      </dd>
      <dt>{t('detail.memberBank')}</dt>
      <dd>
        {member.bank
          ? `${member.bank.code} ${member.bank.accountNo} · ${member.bank.accountName}`
          : '—'}
      </dd>
    </>
  );
}

export function QrFacts({ item }: { item: QrItem }) {
  const { t, i18n } = useTranslation('moneyIn');
  const isOther = item.paidAmountMinor !== null && item.paidAmountMinor !== item.amountMinor;
  return (
    <dl className="facts">
      <MemberFacts member={item.member} />
      <dt>{t('col.status')}</dt>
      <dd>
        <StatusBadge status={item.status} t={t} />{' '}
        {item.holdReason ? t(`hold.${item.holdReason}`, { defaultValue: item.holdReason }) : null}
      </dd>
      <dt>{t('detail.asked')}</dt>
      <dd>{money(item.amountMinor)}</dd>
      <dt>{t('detail.paid')}</dt>
      <dd className={isOther ? 'is-mismatch' : undefined}>{money(item.paidAmountMinor)}</dd>
      <dt>{t('detail.paidAt')}</dt>
      <dd>{formatDateTime(item.paidAt, i18n.language)}</dd>
      <dt>{t('detail.expiresAt')}</dt>
      <dd>{formatDateTime(item.expiresAt, i18n.language)}</dd>
      <dt>{t('detail.provider')}</dt>
      <dd>
        {item.provider} · {item.reference}
      </dd>
      <dt>{t('detail.transaction')}</dt>
      <dd>{item.transactionId ?? '—'}</dd>
    </dl>
  );
}

export function VoucherFacts({ item }: { item: VoucherItem }) {
  const { t, i18n } = useTranslation('moneyIn');
  return (
    <dl className="facts">
      <MemberFacts member={item.member} />
      <dt>{t('col.status')}</dt>
      <dd>
        <StatusBadge status={item.status} t={t} />{' '}
        {item.holdReason ? t(`hold.${item.holdReason}`, { defaultValue: item.holdReason }) : null}
      </dd>
      <dt>{t('detail.amount')}</dt>
      <dd>{money(item.amountMinor)}</dd>
      <dt>{t('detail.owner')}</dt>
      <dd className={item.ownerPhone !== item.member.phone ? 'is-mismatch' : undefined}>
        {item.ownerPhone ?? '—'} · {item.ownerName ?? '—'}
      </dd>
      <dt>{t('col.when')}</dt>
      <dd>{formatDateTime(item.createdAt, i18n.language)}</dd>
    </dl>
  );
}

export function NoticeFacts({ item }: { item: NoticeItem }) {
  const { t, i18n } = useTranslation('moneyIn');
  return (
    <dl className="facts">
      <MemberFacts member={item.member} />
      <dt>{t('col.status')}</dt>
      <dd>
        <StatusBadge status={item.status} t={t} />
      </dd>
      <dt>{t('detail.amount')}</dt>
      <dd>{money(item.amountMinor, item.currency)}</dd>
      <dt>{t('col.when')}</dt>
      <dd>{formatDateTime(item.createdAt, i18n.language)}</dd>
      {item.bankLineId ? (
        <>
          <dt>{t('detail.matchedLine')}</dt>
          <dd>
            <code>{item.bankLineId}</code>
          </dd>
        </>
      ) : null}
    </dl>
  );
}
