import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type {
  NoticeItem,
  QrItem,
  QueueMember,
  VoucherItem,
} from '@mekong/contracts/admin/deposits';
import { Facts, type Fact } from '@/components/facts';
import { formatDateTime } from '@/lib/format';
import { MemberCell, money, StatusBadge } from '@/features/money-in/components/queue-columns';

/** The member an item is for, and the bank account they registered. */
export function memberFacts(member: QueueMember, t: TFunction): Fact[] {
  return [
    { label: t('detail.member'), value: <MemberCell member={member} /> },
    {
      label: t('detail.memberBank'),
      value: member.bank
        ? `${member.bank.code} ${member.bank.accountNo} · ${member.bank.accountName}`
        : '—',
    },
  ];
}

/** The status badge and, when held, why (in the item's own words when the text has no entry). */
export function statusFact(status: string, reason: string | null, t: TFunction): Fact {
  return {
    label: t('col.status'),
    value: (
      <>
        <StatusBadge status={status} t={t} />{' '}
        {reason ? t(`hold.${reason}`, { defaultValue: reason }) : null}
      </>
    ),
  };
}

type Held = { member: QueueMember; status: string; holdReason?: string | null };

/** A held deposit's facts: its member, its status (and why held), then the rows of its kind. */
export function HeldFacts<T extends Held>({
  item,
  rowsOf,
}: {
  item: T;
  rowsOf: (item: T, t: TFunction, language: string) => Fact[];
}) {
  const { t, i18n } = useTranslation('moneyIn');
  return (
    <Facts
      rows={[
        ...memberFacts(item.member, t),
        statusFact(item.status, item.holdReason ?? null, t),
        ...rowsOf(item, t, i18n.language),
      ]}
    />
  );
}

export const qrRows = (item: QrItem, t: TFunction, lang: string): Fact[] => [
  { label: t('detail.asked'), value: money(item.amountMinor) },
  {
    label: t('detail.paid'),
    value: money(item.paidAmountMinor),
    isMismatch: item.paidAmountMinor !== null && item.paidAmountMinor !== item.amountMinor,
  },
  { label: t('detail.paidAt'), value: formatDateTime(item.paidAt, lang) },
  { label: t('detail.expiresAt'), value: formatDateTime(item.expiresAt, lang) },
  { label: t('detail.provider'), value: `${item.provider} · ${item.reference}` },
  { label: t('detail.transaction'), value: item.transactionId ?? '—' },
];

export const voucherRows = (item: VoucherItem, t: TFunction, lang: string): Fact[] => [
  { label: t('detail.amount'), value: money(item.amountMinor) },
  {
    label: t('detail.owner'),
    value: `${item.ownerPhone ?? '—'} · ${item.ownerName ?? '—'}`,
    isMismatch: item.ownerPhone !== item.member.phone,
  },
  { label: t('col.when'), value: formatDateTime(item.createdAt, lang) },
];

export const noticeRows = (item: NoticeItem, t: TFunction, lang: string): Fact[] => [
  { label: t('detail.amount'), value: money(item.amountMinor, item.currency) },
  { label: t('col.when'), value: formatDateTime(item.createdAt, lang) },
  ...(item.bankLineId
    ? [{ label: t('detail.matchedLine'), value: <code>{item.bankLineId}</code> }]
    : []),
];
