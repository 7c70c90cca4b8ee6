import { ledgerCurrency } from '@mekong/contracts/constants';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Adjustment } from '@mekong/contracts/admin/members';
import { DataTable } from '@/components/data-table';
import { usePagedTable } from '@/components/table-props';
import { usePendingAdjustments } from '@/features/members/api/members-api';
import { useAdjustmentReview } from '@/features/members/components/adjustment-review';
import { amountColumn, timeColumn } from '@/features/members/components/member-columns';

const PAGE_SIZE = 10;

/** Manual adjustments above the second-approval line, waiting for another operator (maker-checker). */
export function PendingAdjustments() {
  const { t, i18n } = useTranslation('members');
  const paged = usePagedTable(PAGE_SIZE);
  const list = usePendingAdjustments(paged.request, true);
  const { decisionButtons, rejectDialog } = useAdjustmentReview();

  const columns = useMemo<ColumnDef<Adjustment, unknown>[]>(
    () => [
      timeColumn(t('requestedAt'), (row) => row.requestedAt, i18n.language),
      {
        header: t('member'),
        cell: ({ row }) => (
          <Link to={`/members/${row.original.memberId}`}>
            {row.original.memberName} <small className="muted">{row.original.memberPublicId}</small>
          </Link>
        ),
      },
      { header: t('direction'), cell: ({ row }) => t(`dir.${row.original.direction}`) },
      amountColumn(t('amount'), (row) => ledgerCurrency(row.currency)),
      { header: t('reasonLabel'), accessorKey: 'reason' },
      { header: t('requestedBy'), accessorKey: 'requestedBy' },
      {
        header: '',
        id: 'decide',
        cell: ({ row }) =>
          row.original.isMine ? (
            <span className="muted">{t('yourRequest')}</span>
          ) : (
            decisionButtons(row.original)
          ),
      },
    ],
    [t, i18n.language, decisionButtons],
  );

  return (
    <section className="card" aria-labelledby="pending-adjustments">
      <h2 id="pending-adjustments">{t('pendingTitle')}</h2>
      <p className="muted">{t('pendingHint')}</p>
      <DataTable columns={columns} {...paged.tableProps(list)} emptyText={t('pendingEmpty')} />
      {rejectDialog}
    </section>
  );
}
