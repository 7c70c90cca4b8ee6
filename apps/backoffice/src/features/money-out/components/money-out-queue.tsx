import type { UseQueryResult } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import type { TFunction } from 'i18next';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ClaimControl } from '@/components/claim-control';
import { DataTable, tableStateOf } from '@/components/data-table';
import { FilterBar, useListFilter, type FilterField } from '@/components/filter-bar';
import { PageHeader } from '@/components/page-header';
import { dayRange, textOrUndefined } from '@/lib/filter-values';
import { useCan } from '@/lib/use-operator';
import type { MoneyOutQueue } from '@/features/money-out/api/money-out-api';
import { moneyOutColumns, type MoneyOutRow } from '@/features/money-out/components/queue-columns';
import { useClaimActions } from '@/features/money-out/hooks/use-money-out-actions';
import '@/features/money-out/components/money-out.css';

const PAGE_SIZE = 20;

type BaseForm = { member: string; from: string; to: string };
type BaseFilter = { member?: string; from?: string; to?: string; page: number; limit: number };

type Props<F extends BaseForm, Q, T extends MoneyOutRow> = {
  queue: MoneyOutQueue;
  empty: F;
  fields: (t: TFunction) => FilterField<F>[];
  /** The queue's own filter values (the member and the days are common to both). */
  toFilter: (form: F) => Q;
  /** The queue's list hook, called once on every render like any hook. */
  useList: (filter: Q & BaseFilter) => UseQueryResult<{ rows: T[]; total: number }>;
  ownColumn: (t: TFunction) => ColumnDef<T, unknown>;
  /** A row without a claim control (a refused payout: nothing is left to decide). */
  isFinal?: (row: T) => boolean;
  detail: (selected: {
    id: string | null;
    rows: T[] | undefined;
    onDecided: () => void;
  }) => ReactNode;
};

/** A money-out queue: its filters, the table with claims, and the selected item's detail beside it. */
export function MoneyOutQueuePage<F extends BaseForm, Q, T extends MoneyOutRow>(
  props: Props<F, Q, T>,
) {
  const { t, i18n } = useTranslation('moneyOut');
  const filter = useListFilter(props.empty, PAGE_SIZE);
  // `?open=<id>`: a link from elsewhere (the audit trail) opens that item's detail.
  const [params] = useSearchParams();
  const [selectedId, setSelectedId] = useState<string | null>(params.get('open'));
  const { applied } = filter;
  const list = props.useList({
    ...props.toFilter(applied),
    member: textOrUndefined(applied.member),
    ...dayRange(applied),
    page: filter.page,
    limit: PAGE_SIZE,
  });
  const canDecide = useCan('withdrawals.decide');
  const { claim, release } = useClaimActions(props.queue);
  const { ownColumn, isFinal } = props;

  const columns = useMemo(
    () =>
      moneyOutColumns<T>(t, i18n.language, ownColumn(t), {
        header: t('claim'),
        cell: ({ row }) =>
          isFinal?.(row.original) ? (
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
      }),
    [t, i18n.language, ownColumn, isFinal, canDecide, claim, release],
  );

  return (
    <>
      <PageHeader title={t(`${props.queue}Title`)} subtitle={t(`${props.queue}Subtitle`)} />
      <FilterBar {...filter.bar} fields={props.fields(t)} />
      <div>
        <DataTable
          columns={columns}
          {...tableStateOf(list)}
          {...filter.paging}
          emptyText={t('empty')}
          onRowClick={(row) => setSelectedId(row.id)}
          rowId={(row) => row.id}
          selectedId={selectedId}
        />
        {props.detail({
          id: selectedId,
          rows: list.data?.rows,
          onDecided: () => setSelectedId(null),
        })}
      </div>
    </>
  );
}
