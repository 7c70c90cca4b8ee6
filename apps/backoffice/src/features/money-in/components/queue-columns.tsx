import { ledgerCurrency } from '@mekong/contracts/constants';
import type { ColumnDef } from '@tanstack/react-table';
import type { TFunction } from 'i18next';
import { Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import type { QueueMember } from '@mekong/contracts/admin/deposits';
import type { Claim } from '@mekong/contracts/admin/claims';
import { WaitingTime } from '@/components/waiting-time';
import { formatDateTime, formatMinor } from '@/lib/format';
import type { MoneyInQueue, QueueRow } from '@/features/money-in/api/money-in-api';

export type QueueItem = QueueRow;

export function money(minor: number | null, currency: string = 'THB'): string {
  return minor === null ? '—' : formatMinor(minor, ledgerCurrency(currency));
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
    cell: ({ row }) => (
      <span>
        {formatDateTime(row.original.createdAt, language)}
        {row.original.decision === null ? (
          <>
            <br />
            <WaitingTime since={row.original.createdAt} />
          </>
        ) : null}
      </span>
    ),
  };
  const claim: ColumnDef<QueueItem, unknown> = {
    header: t('col.claim'),
    cell: ({ row }) => <ClaimCell claim={row.original.claim} t={t} />,
  };
  const member: ColumnDef<QueueItem, unknown> = {
    header: t('col.member'),
    cell: ({ row }) => <MemberCell member={(row.original as QueueRow<'qr'>).member} />,
  };
  const status: ColumnDef<QueueItem, unknown> = {
    header: t('col.status'),
    cell: ({ row }) => <StatusBadge status={(row.original as QueueRow<'qr'>).status} t={t} />,
  };
  const amount = column(
    t('col.amount'),
    (r) => money(r.amountMinor, 'currency' in r ? r.currency : undefined),
    'num',
  );
  const why = <Q extends MoneyInQueue>(reasonOf: (r: QueueRow<Q>) => string | null) =>
    column<Q>(t('col.why'), (r) => t(`hold.${reasonOf(r) ?? ''}`, { defaultValue: '—' }));
  const paid = column<'qr'>(t('col.paid'), (r) => money(r.paidAmountMinor), 'num');
  const owner = column<'vouchers'>(t('col.owner'), (r) => r.ownerPhone ?? '—');
  const sender = column<'bank-lines'>(t('col.sender'), (line) => (
    <span>
      {line.fromBankCode} {line.fromAccountNo}
      <br />
      <small className="muted">{line.fromAccountName ?? '—'}</small>
    </span>
  ));
  const slipReason = column<'slips'>(t('detail.slipReason'), (r) =>
    t(`slipReasons.${r.reason ?? ''}`, { defaultValue: r.reason ?? '—' }),
  );
  /** What each queue shows between the time and its status. */
  const own: Record<MoneyInQueue, ColumnDef<QueueItem, unknown>[]> = {
    qr: [member, amount, paid, why<'qr'>((r) => r.holdReason)],
    vouchers: [member, amount, owner, why<'vouchers'>((r) => r.holdReason)],
    notices: [member, amount],
    'bank-lines': [sender, amount, why<'bank-lines'>((r) => r.unmatchedReason)],
    slips: [member, amount, slipReason],
  };
  return [when, ...own[queue], status, claim];
}

/** A column of one queue's rows (the table shows one queue at a time, so its rows are of that queue). */
function column<Q extends MoneyInQueue = MoneyInQueue>(
  header: string,
  value: (row: QueueRow<Q>) => ReactNode,
  className?: string,
): ColumnDef<QueueItem, unknown> {
  return {
    header,
    cell: ({ row }) => {
      const shown = value(row.original as QueueRow<Q>);
      return className ? <span className={className}>{shown}</span> : shown;
    },
  };
}
