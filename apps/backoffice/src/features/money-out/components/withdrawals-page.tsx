import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { HeldWithdrawal } from '@mekong/contracts/admin/withdrawals';
import { ClaimControl } from '@/components/claim-control';
import { DataTable, tableStateOf } from '@/components/data-table';
import { FilterBar } from '@/components/filter-bar';
import { PageHeader } from '@/components/page-header';
import { formatDateTime, formatMinor } from '@/lib/format';
import { useCan } from '@/lib/use-operator';
import { useWithdrawalList, type WithdrawalFilter } from '@/features/money-out/api/money-out-api';
import {
  dayStart,
  minorOrUndefined,
  textOrUndefined,
} from '@/features/money-out/components/filter-values';
import { WithdrawalDetail } from '@/features/money-out/components/withdrawal-detail';
import { useClaimActions } from '@/features/money-out/hooks/use-money-out-actions';
import '@/features/money-out/components/money-out.css';

const PAGE_SIZE = 20;

type FilterForm = {
  member: string;
  minAmount: string;
  maxAmount: string;
  from: string;
  to: string;
  reason: '' | 'over_limit' | 'account_changed';
  second: '' | 'yes' | 'no';
};
const EMPTY: FilterForm = {
  member: '',
  minAmount: '',
  maxAmount: '',
  from: '',
  to: '',
  reason: '',
  second: '',
};

function toFilter(form: FilterForm, page: number): WithdrawalFilter {
  return {
    member: textOrUndefined(form.member),
    minAmountMinor: minorOrUndefined(form.minAmount),
    maxAmountMinor: minorOrUndefined(form.maxAmount),
    from: dayStart(form.from),
    to: dayStart(form.to, 1),
    reason: form.reason || undefined,
    isAwaitingSecond: form.second === '' ? undefined : form.second === 'yes',
    page,
    limit: PAGE_SIZE,
  };
}

/** The withdrawals queue: held withdrawals with filters and claims; the selected one's detail beside the table. */
export function WithdrawalsPage() {
  const { t, i18n } = useTranslation('moneyOut');
  const [applied, setApplied] = useState<FilterForm>(EMPTY);
  const [page, setPage] = useState(1);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const form = useForm<FilterForm>({ defaultValues: EMPTY });
  const list = useWithdrawalList(toFilter(applied, page));
  const canDecide = useCan('withdrawals.decide');
  const { claim, release } = useClaimActions('withdrawals');

  const columns = useMemo<ColumnDef<HeldWithdrawal, unknown>[]>(
    () => [
      {
        header: t('created'),
        cell: ({ row }) => (
          <span className="money-out__when">
            {formatDateTime(row.original.createdAt, i18n.language)}
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
          <span className="num">
            {formatMinor(row.original.amountMinor, row.original.currency)}
          </span>
        ),
      },
      {
        header: t('reason'),
        cell: ({ row }) => (
          <span className="money-out__badges">
            {row.original.reasons.map((reason) => (
              <span key={reason} className="badge badge--info">
                {t(`reasons.${reason}`)}
              </span>
            ))}
            {row.original.approval ? (
              <span className="badge badge--warn">
                {t('firstApprovalBy', { name: row.original.approval.requestedBy })}
              </span>
            ) : row.original.isSecondApprovalNeeded ? (
              <span className="badge">{t('twoApprovals')}</span>
            ) : null}
          </span>
        ),
      },
      {
        header: t('claim'),
        cell: ({ row }) => (
          // The claim buttons sit in a clickable row: a click on them must not also open the row.
          <span className="money-out__claim" onClick={(event) => event.stopPropagation()}>
            <ClaimControl
              claim={row.original.claim}
              canClaim={canDecide}
              isBusy={claim.isPending || release.isPending}
              onClaim={() => claim.mutate(row.original.id)}
              onRelease={() => release.mutate(row.original.id)}
            />
          </span>
        ),
      },
    ],
    [t, i18n.language, canDecide, claim, release],
  );

  const onApply = form.handleSubmit((values) => {
    setApplied(values);
    setPage(1);
  });

  return (
    <>
      <PageHeader title={t('withdrawalsTitle')} subtitle={t('withdrawalsSubtitle')} />
      <FilterBar
        onSubmit={(event) => void onApply(event)}
        onReset={() => {
          form.reset(EMPTY);
          setApplied(EMPTY);
          setPage(1);
        }}
      >
        <label className="field">
          <span>{t('member')}</span>
          <input {...form.register('member')} />
        </label>
        <label className="field">
          <span>{t('minAmount')}</span>
          <input inputMode="decimal" {...form.register('minAmount')} />
        </label>
        <label className="field">
          <span>{t('maxAmount')}</span>
          <input inputMode="decimal" {...form.register('maxAmount')} />
        </label>
        <label className="field">
          <span>{t('from')}</span>
          <input type="date" {...form.register('from')} />
        </label>
        <label className="field">
          <span>{t('to')}</span>
          <input type="date" {...form.register('to')} />
        </label>
        <label className="field">
          <span>{t('reason')}</span>
          <select {...form.register('reason')}>
            <option value="">{t('all')}</option>
            <option value="over_limit">{t('reasons.over_limit')}</option>
            <option value="account_changed">{t('reasons.account_changed')}</option>
          </select>
        </label>
        <label className="field">
          <span>{t('secondApproval')}</span>
          <select {...form.register('second')}>
            <option value="">{t('all')}</option>
            <option value="yes">{t('awaitingSecond')}</option>
            <option value="no">{t('notAwaitingSecond')}</option>
          </select>
        </label>
      </FilterBar>
      <div className="split money-out__split">
        <DataTable
          columns={columns}
          {...tableStateOf(list)}
          page={page}
          pageSize={PAGE_SIZE}
          onPageChange={setPage}
          emptyText={t('empty')}
          onRowClick={(row) => setSelectedId(row.id)}
          rowId={(row) => row.id}
          selectedId={selectedId}
        />
        <WithdrawalDetail id={selectedId} onDecided={() => setSelectedId(null)} />
      </div>
    </>
  );
}
