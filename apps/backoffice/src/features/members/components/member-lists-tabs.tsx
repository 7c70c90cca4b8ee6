import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type {
  Adjustment,
  MemberDetail,
  MemberInvitee,
  MemberSlip,
  MemberWithdrawal,
} from '@mekong/contracts/admin/members';
import { Button } from '@/components/button';
import { DataTable } from '@/components/data-table';
import { ReasonDialog } from '@/components/reason-dialog';
import { formatDateTime, formatMinor } from '@/lib/format';
import { useCan } from '@/lib/use-operator';
import {
  useMemberAdjustments,
  useMemberInvitees,
  useMemberSlips,
  useMemberWithdrawals,
} from '@/features/members/api/members-api';
import { displayCurrency, StateBadge } from '@/features/members/components/member-status-badge';
import { useAdjustmentDecision } from '@/features/members/hooks/use-member-actions';

const PAGE_SIZE = 20;

type Paged<T> = {
  data?: { total: number; rows: T[] };
  isPending: boolean;
  error: unknown;
  refetch: () => unknown;
};

function PagedTable<T extends { id: string }>(props: {
  columns: ColumnDef<T, unknown>[];
  query: Paged<T>;
  page: number;
  onPageChange: (page: number) => void;
  emptyText: string;
}) {
  const { query } = props;
  return (
    <DataTable
      columns={props.columns}
      rows={query.data?.rows}
      total={query.data?.total ?? 0}
      page={props.page}
      pageSize={PAGE_SIZE}
      onPageChange={props.onPageChange}
      isLoading={query.isPending}
      error={query.error}
      onRetry={() => void query.refetch()}
      emptyText={props.emptyText}
      rowId={(row) => row.id}
    />
  );
}

export function MemberWithdrawalsTab({ detail }: { detail: MemberDetail }) {
  const { t, i18n } = useTranslation('members');
  const [page, setPage] = useState(1);
  const query = useMemberWithdrawals(detail.member.id, { page, limit: PAGE_SIZE });
  const currency = displayCurrency(detail.member.currency);
  const columns = useMemo<ColumnDef<MemberWithdrawal, unknown>[]>(
    () => [
      { header: t('at'), cell: ({ row }) => formatDateTime(row.original.createdAt, i18n.language) },
      {
        header: t('amount'),
        cell: ({ row }) => (
          <span className="num">{formatMinor(row.original.amountMinor, currency)}</span>
        ),
      },
      { header: t('statusLabel'), cell: ({ row }) => <StateBadge status={row.original.status} /> },
      {
        header: t('paidTo'),
        cell: ({ row }) => `${row.original.bankCode} ${row.original.accountNo}`,
      },
      { header: t('failure'), cell: ({ row }) => row.original.failureCode ?? '—' },
      {
        header: t('decided'),
        cell: ({ row }) => formatDateTime(row.original.decidedAt, i18n.language),
      },
    ],
    [t, i18n.language, currency],
  );
  return (
    <PagedTable
      columns={columns}
      query={query}
      page={page}
      onPageChange={setPage}
      emptyText={t('noWithdrawals')}
    />
  );
}

export function MemberSlipsTab({ detail }: { detail: MemberDetail }) {
  const { t, i18n } = useTranslation('members');
  const [page, setPage] = useState(1);
  const query = useMemberSlips(detail.member.id, { page, limit: PAGE_SIZE });
  const currency = displayCurrency(detail.member.currency);
  const columns = useMemo<ColumnDef<MemberSlip, unknown>[]>(
    () => [
      { header: t('at'), cell: ({ row }) => formatDateTime(row.original.createdAt, i18n.language) },
      {
        header: t('amount'),
        cell: ({ row }) => (
          <span className="num">{formatMinor(row.original.amountMinor, currency)}</span>
        ),
      },
      { header: t('statusLabel'), cell: ({ row }) => <StateBadge status={row.original.status} /> },
      { header: t('slipRef'), cell: ({ row }) => <code>{row.original.transRef ?? '—'}</code> },
      { header: t('reasonLabel'), cell: ({ row }) => row.original.reason ?? '—' },
    ],
    [t, i18n.language, currency],
  );
  return (
    <PagedTable
      columns={columns}
      query={query}
      page={page}
      onPageChange={setPage}
      emptyText={t('noSlips')}
    />
  );
}

export function MemberInviteesTab({ detail }: { detail: MemberDetail }) {
  const { t, i18n } = useTranslation('members');
  const [page, setPage] = useState(1);
  const query = useMemberInvitees(detail.member.id, { page, limit: PAGE_SIZE });
  const columns = useMemo<ColumnDef<MemberInvitee, unknown>[]>(
    () => [
      {
        header: t('name'),
        cell: ({ row }) => <Link to={`/members/${row.original.id}`}>{row.original.name}</Link>,
      },
      { header: t('publicId'), cell: ({ row }) => <code>{row.original.publicId}</code> },
      {
        header: t('registered'),
        cell: ({ row }) => formatDateTime(row.original.createdAt, i18n.language),
      },
      {
        header: t('deposited'),
        cell: ({ row }) =>
          row.original.hasDeposited ? (
            <span className="badge badge--ok">{t('yes')}</span>
          ) : (
            <span className="badge">{t('no')}</span>
          ),
      },
    ],
    [t, i18n.language],
  );
  return (
    <>
      <p className="muted">
        {detail.invitedBy ? (
          <>
            {t('invitedBy')}:{' '}
            <Link to={`/members/${detail.invitedBy.id}`}>
              {detail.invitedBy.name} ({detail.invitedBy.publicId})
            </Link>
          </>
        ) : (
          t('notInvited')
        )}
      </p>
      <PagedTable
        columns={columns}
        query={query}
        page={page}
        onPageChange={setPage}
        emptyText={t('noInvitees')}
      />
    </>
  );
}

export function MemberAdjustmentsTab({ detail }: { detail: MemberDetail }) {
  const { t, i18n } = useTranslation('members');
  const [page, setPage] = useState(1);
  const canAdjust = useCan('members.adjust');
  const query = useMemberAdjustments(detail.member.id, { page, limit: PAGE_SIZE });
  const { approve, reject } = useAdjustmentDecision(detail.member.id);
  const [rejecting, setRejecting] = useState<Adjustment | null>(null);
  const currency = displayCurrency(detail.member.currency);
  const columns = useMemo<ColumnDef<Adjustment, unknown>[]>(
    () => [
      {
        header: t('requestedAt'),
        cell: ({ row }) => formatDateTime(row.original.requestedAt, i18n.language),
      },
      { header: t('direction'), cell: ({ row }) => t(`dir.${row.original.direction}`) },
      {
        header: t('amount'),
        cell: ({ row }) => (
          <span className="num">{formatMinor(row.original.amountMinor, currency)}</span>
        ),
      },
      { header: t('statusLabel'), cell: ({ row }) => <StateBadge status={row.original.status} /> },
      { header: t('reasonLabel'), accessorKey: 'reason' },
      { header: t('requestedBy'), accessorKey: 'requestedBy' },
      { header: t('decidedBy'), cell: ({ row }) => row.original.decidedBy ?? '—' },
      {
        header: t('cashBeforeAfter'),
        cell: ({ row }) =>
          row.original.balanceBeforeMinor !== null && row.original.balanceAfterMinor !== null
            ? `${formatMinor(row.original.balanceBeforeMinor, currency)} → ${formatMinor(row.original.balanceAfterMinor, currency)}`
            : '—',
      },
      {
        header: '',
        id: 'decide',
        cell: ({ row }) =>
          canAdjust && row.original.status === 'awaiting_approval' && !row.original.isMine ? (
            <span className="claim">
              <Button onClick={() => approve.mutate(row.original.id)} isBusy={approve.isPending}>
                {t('approve')}
              </Button>
              <Button variant="secondary" onClick={() => setRejecting(row.original)}>
                {t('reject')}
              </Button>
            </span>
          ) : null,
      },
    ],
    [t, i18n.language, currency, canAdjust, approve],
  );
  return (
    <>
      <PagedTable
        columns={columns}
        query={query}
        page={page}
        onPageChange={setPage}
        emptyText={t('noAdjustments')}
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
    </>
  );
}
