import type { LedgerCurrency } from '@mekong/contracts/constants';
import type { ColumnDef } from '@tanstack/react-table';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Claim } from '@mekong/contracts/admin/claims';
import type { PayoutState } from '@mekong/contracts/admin/withdrawals';
import { WaitingTime } from '@/components/waiting-time';
import { formatDateTime, formatMinor } from '@/lib/format';

export type MoneyOutRow = {
  id: string;
  createdAt: string;
  memberPhone: string;
  memberName: string;
  amountMinor: number;
  currency: LedgerCurrency;
  claim: Claim | null;
};

/** A refused payout is final (danger); one without an answer or held waits for an operator. */
export function StateBadge({ state }: { state: PayoutState }) {
  const { t } = useTranslation('moneyOut');
  return (
    <span className={`badge ${state === 'failed' ? 'badge--danger' : 'badge--warn'}`}>
      {t(`states.${state}`)}
    </span>
  );
}

/** The columns both money-out queues show around their own one (why held, or the payout's state). */
export function moneyOutColumns<T extends MoneyOutRow>(
  t: TFunction,
  language: string,
  own: ColumnDef<T, unknown>,
  claim: ColumnDef<T, unknown>,
): ColumnDef<T, unknown>[] {
  return [
    {
      header: t('created'),
      cell: ({ row }) => (
        <span className="money-out__when">
          {formatDateTime(row.original.createdAt, language)}
          <br />
          <WaitingTime since={row.original.createdAt} />
        </span>
      ),
    },
    {
      header: t('memberColumn'),
      cell: ({ row }) => (
        <span>
          {row.original.memberPhone}
          <br />
          <small className="muted">{row.original.memberName}</small>
        </span>
      ),
    },
    {
      header: () => <span className="num">{t('amount')}</span>,
      id: 'amount',
      cell: ({ row }) => (
        <span className="num">{formatMinor(row.original.amountMinor, row.original.currency)}</span>
      ),
    },
    own,
    claim,
  ];
}
