import type { LedgerCurrency } from '@mekong/contracts/constants';
import type { ColumnDef } from '@tanstack/react-table';
import { formatDateTime, formatMinor } from '@/lib/format';
import { StateBadge } from '@/features/members/components/member-status-badge';

/** Columns the member screens' tables share: when, how much, which state. */
export function timeColumn<T>(
  header: string,
  at: (row: T) => string | null,
  language: string,
): ColumnDef<T, unknown> {
  return { header, cell: ({ row }) => formatDateTime(at(row.original), language) };
}

export function amountColumn<T extends { amountMinor: string }>(
  header: string,
  currencyOf: (row: T) => LedgerCurrency,
): ColumnDef<T, unknown> {
  return {
    header,
    cell: ({ row }) => (
      <span className="num">{formatMinor(row.original.amountMinor, currencyOf(row.original))}</span>
    ),
  };
}

export function stateColumn<T extends { status: string }>(header: string): ColumnDef<T, unknown> {
  return { header, cell: ({ row }) => <StateBadge status={row.original.status} /> };
}
