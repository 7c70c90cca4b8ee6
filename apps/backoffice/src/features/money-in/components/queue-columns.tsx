import type { ColumnDef } from '@tanstack/react-table';
import type { TFunction } from 'i18next';
import { Lock } from 'lucide-react';
import type {
  BankLineItem,
  NoticeItem,
  QrItem,
  QueueMember,
  SlipItem,
  VoucherItem,
} from '@mekong/contracts/admin/deposits';
import type { Claim } from '@mekong/contracts/admin/claims';
import { formatDateTime, formatMinor, type Currency } from '@/lib/format';
import type { MoneyInQueue } from '@/features/money-in/api/money-in-api';

export type QueueItem = QrItem | VoucherItem | NoticeItem | BankLineItem | SlipItem;

export const currencyOf = (code: string): Currency => (code === 'LAK' ? 'LAK' : 'THB');

export function money(minor: number | null, currency: string = 'THB'): string {
  return minor === null ? '—' : formatMinor(minor, currencyOf(currency));
}

export function MemberCell({ member }: { member: QueueMember | null }) {
  if (!member) return <span className="muted">—</span>;
  return (
    <span>
      {member.phone}
      <br />
      <small className="muted">{member.name}</small>
    </span>
  );
}

function ClaimCell({ claim, t }: { claim: Claim | null; t: TFunction }) {
  if (!claim) return <span className="muted">—</span>;
  return (
    <span className={`badge ${claim.isMine ? 'badge--ok' : 'badge--warn'}`}>
      <Lock size={12} aria-hidden /> {claim.isMine ? t('common:claim.mine') : claim.claimedBy}
    </span>
  );
}

/** The status badge: waiting items warn, credited ones are ok, refused ones plain. */
export function StatusBadge({ status, t }: { status: string; t: TFunction }) {
  const tone = ['held', 'pending', 'unmatched', 'failed'].includes(status)
    ? 'badge--warn'
    : ['paid', 'credited', 'confirmed', 'matched', 'resolved', 'success'].includes(status)
      ? 'badge--ok'
      : '';
  return <span className={`badge ${tone}`}>{t(`status.${status}`, { defaultValue: status })}</span>;
}

export function columnsFor(
  queue: MoneyInQueue,
  t: TFunction,
  language: string,
): ColumnDef<QueueItem, unknown>[] {
  const when: ColumnDef<QueueItem, unknown> = {
    header: t('col.when'),
    cell: ({ row }) => formatDateTime(row.original.createdAt, language),
  };
  const claim: ColumnDef<QueueItem, unknown> = {
    header: t('col.claim'),
    cell: ({ row }) => <ClaimCell claim={row.original.claim} t={t} />,
  };
  const member: ColumnDef<QueueItem, unknown> = {
    header: t('col.member'),
    cell: ({ row }) => <MemberCell member={(row.original as QrItem).member} />,
  };
  const status: ColumnDef<QueueItem, unknown> = {
    header: t('col.status'),
    cell: ({ row }) => <StatusBadge status={(row.original as QrItem).status} t={t} />,
  };
  const num = (header: string, value: (r: QueueItem) => string): ColumnDef<QueueItem, unknown> => ({
    header,
    cell: ({ row }) => <span className="num">{value(row.original)}</span>,
  });
  switch (queue) {
    case 'qr':
      return [
        when,
        member,
        num(t('col.amount'), (r) => money((r as QrItem).amountMinor)),
        num(t('col.paid'), (r) => money((r as QrItem).paidAmountMinor)),
        {
          header: t('col.why'),
          cell: ({ row }) =>
            t(`hold.${(row.original as QrItem).holdReason ?? ''}`, { defaultValue: '—' }),
        },
        status,
        claim,
      ];
    case 'vouchers':
      return [
        when,
        member,
        num(t('col.amount'), (r) => money((r as VoucherItem).amountMinor)),
        {
          header: t('col.owner'),
          cell: ({ row }) => (row.original as VoucherItem).ownerPhone ?? '—',
        },
        {
          header: t('col.why'),
          cell: ({ row }) =>
            t(`hold.${(row.original as VoucherItem).holdReason ?? ''}`, { defaultValue: '—' }),
        },
        status,
        claim,
      ];
    case 'notices':
      return [
        when,
        member,
        num(t('col.amount'), (r) =>
          money((r as NoticeItem).amountMinor, (r as NoticeItem).currency),
        ),
        status,
        claim,
      ];
    case 'bank-lines':
      return [
        when,
        {
          header: t('col.sender'),
          cell: ({ row }) => {
            const line = row.original as BankLineItem;
            return (
              <span>
                {line.fromBankCode} {line.fromAccountNo}
                <br />
                <small className="muted">{line.fromAccountName ?? '—'}</small>
              </span>
            );
          },
        },
        num(t('col.amount'), (r) =>
          money((r as BankLineItem).amountMinor, (r as BankLineItem).currency),
        ),
        {
          header: t('col.why'),
          cell: ({ row }) =>
            t(`hold.${(row.original as BankLineItem).unmatchedReason ?? ''}`, {
              defaultValue: '—',
            }),
        },
        status,
        claim,
      ];
    case 'slips':
      return [
        when,
        member,
        num(t('col.amount'), (r) => money((r as SlipItem).amountMinor)),
        {
          header: t('detail.slipReason'),
          cell: ({ row }) =>
            t(`slipReasons.${(row.original as SlipItem).reason ?? ''}`, {
              defaultValue: (row.original as SlipItem).reason ?? '—',
            }),
        },
        status,
        claim,
      ];
  }
}
