import { ledgerCurrency, type LedgerCurrency } from '@mekong/contracts/constants';
import type { ColumnDef } from '@tanstack/react-table';
import { useCallback, useMemo, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type {
  Adjustment,
  MemberDetail,
  MemberInvitee,
  MemberSlip,
  MemberWithdrawal,
} from '@mekong/contracts/admin/members';
import { DataTable, type tableStateOf } from '@/components/data-table';
import { usePagedTable } from '@/components/table-props';
import { formatMinor } from '@/lib/format';
import { useCan } from '@/lib/use-operator';
import {
  useMemberAdjustments,
  useMemberInvitees,
  useMemberSlips,
  useMemberWithdrawals,
} from '@/features/members/api/members-api';
import { useAdjustmentReview } from '@/features/members/components/adjustment-review';
import {
  amountColumn,
  stateColumn,
  timeColumn,
} from '@/features/members/components/member-columns';

const PAGE_SIZE = 20;

type Paging = { page: number; limit: number };
type ListQuery<T> = Parameters<typeof tableStateOf<T>>[0];

/** What a tab's columns may use: the texts, the operator's language and the member's currency. */
type ColumnsContext = { t: TFunction<'members'>; language: string; currency: LedgerCurrency };

/** One paged list of the member page: its own page number, query and columns. */
function MemberListTable<T extends { id: string }>(props: {
  detail: MemberDetail;
  useList: (id: string, paging: Paging) => ListQuery<T>;
  columns: (context: ColumnsContext) => ColumnDef<T, unknown>[];
  emptyText: string;
}) {
  const { t, i18n } = useTranslation('members');
  const paged = usePagedTable(PAGE_SIZE);
  const query = props.useList(props.detail.member.id, paged.request);
  const currency = ledgerCurrency(props.detail.member.currency);
  const { columns: columnsOf } = props;
  const columns = useMemo(
    () => columnsOf({ t, language: i18n.language, currency }),
    [columnsOf, t, i18n.language, currency],
  );
  return <DataTable columns={columns} {...paged.tableProps(query)} emptyText={props.emptyText} />;
}

/** When a withdrawal or slip came, how much, and where it stands. */
function movementColumns<T extends { createdAt: string; amountMinor: string; status: string }>({
  t,
  language,
  currency,
}: ColumnsContext): ColumnDef<T, unknown>[] {
  return [
    timeColumn(t('at'), (row) => row.createdAt, language),
    amountColumn(t('amount'), () => currency),
    stateColumn(t('statusLabel')),
  ];
}

const withdrawalColumns = (context: ColumnsContext): ColumnDef<MemberWithdrawal, unknown>[] => [
  ...movementColumns<MemberWithdrawal>(context),
  {
    header: context.t('paidTo'),
    cell: ({ row }) => `${row.original.bankCode} ${row.original.accountNo}`,
  },
  { header: context.t('failure'), cell: ({ row }) => row.original.failureCode ?? '—' },
  timeColumn(context.t('decided'), (row) => row.decidedAt, context.language),
];

const slipColumns = (context: ColumnsContext): ColumnDef<MemberSlip, unknown>[] => [
  ...movementColumns<MemberSlip>(context),
  { header: context.t('slipRef'), cell: ({ row }) => <code>{row.original.transRef ?? '—'}</code> },
  { header: context.t('reasonLabel'), cell: ({ row }) => row.original.reason ?? '—' },
];

const inviteeColumns = ({ t, language }: ColumnsContext): ColumnDef<MemberInvitee, unknown>[] => [
  {
    header: t('name'),
    cell: ({ row }) => <Link to={`/members/${row.original.id}`}>{row.original.name}</Link>,
  },
  { header: t('publicId'), cell: ({ row }) => <code>{row.original.publicId}</code> },
  timeColumn(t('registered'), (row) => row.createdAt, language),
  {
    header: t('deposited'),
    cell: ({ row }) =>
      row.original.hasDeposited ? (
        <span className="badge badge--ok">{t('yes')}</span>
      ) : (
        <span className="badge">{t('no')}</span>
      ),
  },
];

/** A tab of the member page that is one paged list and nothing else. */
function memberListTab<T extends { id: string }>(
  useList: (id: string, paging: Paging) => ListQuery<T>,
  columns: (context: ColumnsContext) => ColumnDef<T, unknown>[],
  emptyKey: 'noWithdrawals' | 'noSlips',
) {
  return function MemberListTab({ detail }: { detail: MemberDetail }) {
    const { t } = useTranslation('members');
    return (
      <MemberListTable
        detail={detail}
        useList={useList}
        columns={columns}
        emptyText={t(emptyKey)}
      />
    );
  };
}

export const MemberWithdrawalsTab = memberListTab(
  useMemberWithdrawals,
  withdrawalColumns,
  'noWithdrawals',
);
export const MemberSlipsTab = memberListTab(useMemberSlips, slipColumns, 'noSlips');

export function MemberInviteesTab({ detail }: { detail: MemberDetail }) {
  const { t } = useTranslation('members');
  const invitedBy: ReactNode = detail.invitedBy ? (
    <>
      {t('invitedBy')}:{' '}
      <Link to={`/members/${detail.invitedBy.id}`}>
        {detail.invitedBy.name} ({detail.invitedBy.publicId})
      </Link>
    </>
  ) : (
    t('notInvited')
  );
  return (
    <>
      <p className="muted">{invitedBy}</p>
      <MemberListTable
        detail={detail}
        useList={useMemberInvitees}
        columns={inviteeColumns}
        emptyText={t('noInvitees')}
      />
    </>
  );
}

export function MemberAdjustmentsTab({ detail }: { detail: MemberDetail }) {
  const { t } = useTranslation('members');
  const canAdjust = useCan('members.adjust');
  const { decisionButtons, rejectDialog } = useAdjustmentReview(detail.member.id);
  const columns = useCallback(
    ({ language, currency }: ColumnsContext): ColumnDef<Adjustment, unknown>[] => [
      timeColumn(t('requestedAt'), (row) => row.requestedAt, language),
      { header: t('direction'), cell: ({ row }) => t(`dir.${row.original.direction}`) },
      amountColumn(t('amount'), () => currency),
      stateColumn(t('statusLabel')),
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
          canAdjust && row.original.status === 'awaiting_approval' && !row.original.isMine
            ? decisionButtons(row.original)
            : null,
      },
    ],
    [t, canAdjust, decisionButtons],
  );
  return (
    <>
      <MemberListTable
        detail={detail}
        useList={useMemberAdjustments}
        columns={columns}
        emptyText={t('noAdjustments')}
      />
      {rejectDialog}
    </>
  );
}
