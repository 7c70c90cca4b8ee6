import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Adjustment } from '@mekong/contracts/admin/members';
import { Button } from '@/components/button';
import { DataTable } from '@/components/data-table';
import { ReasonDialog } from '@/components/reason-dialog';
import { formatDateTime, formatMinor } from '@/lib/format';
import { usePendingAdjustments } from '@/features/members/api/members-api';
import { useAdjustmentDecision } from '@/features/members/hooks/use-member-actions';

const PAGE_SIZE = 10;

/** Manual adjustments above the second-approval line, waiting for another operator (maker-checker). */
export function PendingAdjustments() {
  const { t, i18n } = useTranslation('members');
  const [page, setPage] = useState(1);
  const list = usePendingAdjustments({ page, limit: PAGE_SIZE }, true);
  const { approve, reject } = useAdjustmentDecision();
  const [rejecting, setRejecting] = useState<Adjustment | null>(null);

  const columns = useMemo<ColumnDef<Adjustment, unknown>[]>(
    () => [
      {
        header: t('requestedAt'),
        cell: ({ row }) => formatDateTime(row.original.requestedAt, i18n.language),
      },
      {
        header: t('member'),
        cell: ({ row }) => (
          <Link to={`/members/${row.original.memberId}`}>
            {row.original.memberName} <small className="muted">{row.original.memberPublicId}</small>
          </Link>
        ),
      },
      { header: t('direction'), cell: ({ row }) => t(`dir.${row.original.direction}`) },
      {
        header: t('amount'),
        cell: ({ row }) => (
          <span className="num">
            {formatMinor(row.original.amountMinor, row.original.currency === 'LAK' ? 'LAK' : 'THB')}
          </span>
        ),
      },
      { header: t('reasonLabel'), accessorKey: 'reason' },
      { header: t('requestedBy'), accessorKey: 'requestedBy' },
      {
        header: '',
        id: 'decide',
        cell: ({ row }) =>
          row.original.isMine ? (
            <span className="muted">{t('yourRequest')}</span>
          ) : (
            <span className="claim">
              <Button
                isBusy={approve.isPending && approve.variables === row.original.id}
                onClick={() => approve.mutate(row.original.id)}
              >
                {t('approve')}
              </Button>
              <Button variant="secondary" onClick={() => setRejecting(row.original)}>
                {t('reject')}
              </Button>
            </span>
          ),
      },
    ],
    [t, i18n.language, approve],
  );

  return (
    <section className="card" aria-labelledby="pending-adjustments">
      <h2 id="pending-adjustments">{t('pendingTitle')}</h2>
      <p className="muted">{t('pendingHint')}</p>
      <DataTable
        columns={columns}
        rows={list.data?.rows}
        total={list.data?.total ?? 0}
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={setPage}
        isLoading={list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        emptyText={t('pendingEmpty')}
        rowId={(row) => row.id}
      />
      <ReasonDialog
        isOpen={rejecting !== null}
        onClose={() => setRejecting(null)}
        title={t('rejectTitle')}
        confirmText={t('reject')}
        variant="danger"
        isBusy={reject.isPending}
        onConfirm={(reason) =>
          rejecting &&
          reject.mutate({ id: rejecting.id, reason }, { onSuccess: () => setRejecting(null) })
        }
      />
    </section>
  );
}
