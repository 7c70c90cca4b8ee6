import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { PayoutItem, PayoutState } from '@mekong/contracts/admin/withdrawals';
import { ClaimControl } from '@/components/claim-control';
import { DataTable, tableStateOf } from '@/components/data-table';
import { FilterBar } from '@/components/filter-bar';
import { PageHeader } from '@/components/page-header';
import { formatDateTime, formatMinor } from '@/lib/format';
import { useCan } from '@/lib/use-operator';
import { usePayoutList, type PayoutFilter } from '@/features/money-out/api/money-out-api';
import { dayStart, textOrUndefined } from '@/features/money-out/components/filter-values';
import { PayoutDetail } from '@/features/money-out/components/payout-detail';
import { useClaimActions } from '@/features/money-out/hooks/use-money-out-actions';
import '@/features/money-out/components/money-out.css';

const PAGE_SIZE = 20;
const STATES: PayoutState[] = ['unknown', 'held', 'failed'];

type FilterForm = { member: string; state: '' | PayoutState; from: string; to: string };
const EMPTY: FilterForm = { member: '', state: '', from: '', to: '' };

function toFilter(form: FilterForm, page: number): PayoutFilter {
  return {
    member: textOrUndefined(form.member),
    state: form.state || undefined,
    from: dayStart(form.from),
    to: dayStart(form.to, 1),
    page,
    limit: PAGE_SIZE,
  };
}

/** The payouts queue: payouts without a bank answer, held after re-sends, or refused. */
export function PayoutsPage() {
  const { t, i18n } = useTranslation('moneyOut');
  const [applied, setApplied] = useState<FilterForm>(EMPTY);
  const [page, setPage] = useState(1);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const form = useForm<FilterForm>({ defaultValues: EMPTY });
  const list = usePayoutList(toFilter(applied, page));
  const canDecide = useCan('withdrawals.decide');
  const { claim, release } = useClaimActions('payouts');
  const selected = list.data?.rows.find((row) => row.id === selectedId) ?? null;

  const columns = useMemo<ColumnDef<PayoutItem, unknown>[]>(
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
        header: t('state'),
        cell: ({ row }) => (
          <span className="money-out__badges">
            <span
              className={`badge ${row.original.state === 'failed' ? 'badge--danger' : 'badge--warn'}`}
            >
              {t(`states.${row.original.state}`)}
            </span>
            <small className="muted">
              {row.original.failureCode ??
                t('attemptsCount', { count: row.original.payoutAttempts })}
            </small>
          </span>
        ),
      },
      {
        header: t('claim'),
        cell: ({ row }) =>
          row.original.state === 'failed' ? (
            '—'
          ) : (
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
      <PageHeader title={t('payoutsTitle')} subtitle={t('payoutsSubtitle')} />
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
          <span>{t('state')}</span>
          <select {...form.register('state')}>
            <option value="">{t('all')}</option>
            {STATES.map((state) => (
              <option key={state} value={state}>
                {t(`states.${state}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>{t('from')}</span>
          <input type="date" {...form.register('from')} />
        </label>
        <label className="field">
          <span>{t('to')}</span>
          <input type="date" {...form.register('to')} />
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
        <PayoutDetail item={selected} onDecided={() => setSelectedId(null)} />
      </div>
    </>
  );
}
