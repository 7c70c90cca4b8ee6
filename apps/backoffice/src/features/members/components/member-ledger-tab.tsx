import { ledgerCurrency } from '@mekong/contracts/constants';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MemberDetail, MemberLedgerRow } from '@mekong/contracts/admin/members';
import { DataTable } from '@/components/data-table';
import { TabList } from '@/components/tab-list';
import { usePagedTable } from '@/components/table-props';
import { formatMinor } from '@/lib/format';
import { useMemberLedger, type LedgerQuery } from '@/features/members/api/members-api';
import { stateColumn, timeColumn } from '@/features/members/components/member-columns';

type Row = MemberLedgerRow;
type Side = Row['debit'];
type View = NonNullable<LedgerQuery['view']>;

const VIEWS: View[] = ['ledger', 'statement', 'deposit', 'withdraw'];
const PAGE_SIZE = 25;

/** The member's ledger transfers (every one, or as their statement lists them), newest first. */
export function MemberLedgerTab({ detail }: { detail: MemberDetail }) {
  const { t, i18n } = useTranslation('members');
  const [view, setView] = useState<View>('ledger');
  const paged = usePagedTable(PAGE_SIZE);
  const ledger = useMemberLedger(detail.member.id, { view, ...paged.request });
  const currency = ledgerCurrency(detail.member.currency);
  const memberId = detail.member.id;

  const columns = useMemo<ColumnDef<Row, unknown>[]>(() => {
    const sideText = (side: Side) =>
      side.memberId === memberId
        ? `${t(`account.${side.kind}`, { defaultValue: side.kind })}${side.provider ? ` ${side.provider}` : ''}`
        : `${t('house')}: ${side.kind}${side.provider ? ` ${side.provider}` : ''}`;
    return [
      timeColumn(t('at'), (row) => row.createdAt, i18n.language),
      { header: t('kind'), cell: ({ row }) => <code>{row.original.kind}</code> },
      stateColumn(t('statusLabel')),
      { header: t('from'), cell: ({ row }) => sideText(row.original.debit) },
      { header: t('to'), cell: ({ row }) => sideText(row.original.credit) },
      {
        header: t('amount'),
        cell: ({ row }) => {
          const signed = BigInt(row.original.signedMinor);
          return (
            <span className={`num ${signed < 0n ? 'error-text' : ''}`}>
              {signed === 0n
                ? formatMinor(row.original.amountMinor, currency)
                : `${signed > 0n ? '+' : ''}${formatMinor(signed, currency)}`}
            </span>
          );
        },
      },
    ];
  }, [t, i18n.language, currency, memberId]);

  return (
    <section>
      <TabList
        tabs={VIEWS}
        selected={view}
        onSelect={(key) => {
          setView(key);
          paged.setPage(1);
        }}
        textOf={(key) => t(`view.${key}`)}
        label={t('ledgerViews')}
      />
      <DataTable columns={columns} {...paged.tableProps(ledger)} emptyText={t('noTransfers')} />
    </section>
  );
}
