import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DataTable } from '@/components/data-table';
import { PageHeader } from '@/components/page-header';
import { useQueueList, type MoneyInQueue } from '@/features/money-in/api/money-in-api';
import { ItemDetail } from '@/features/money-in/components/item-detail';
import { columnsFor, type QueueItem } from '@/features/money-in/components/queue-columns';
import {
  dayStart,
  EMPTY_FILTER,
  QueueFilters,
  type FilterForm,
} from '@/features/money-in/components/queue-filters';
import '@/features/money-in/components/money-in.css';

const QUEUES: MoneyInQueue[] = ['qr', 'vouchers', 'notices', 'bank-lines', 'slips'];
const PAGE_SIZE = 20;

const isQueue = (value: string | null): value is MoneyInQueue =>
  value !== null && (QUEUES as string[]).includes(value);

/** The money-in queues, one tab each (docs/back-office/money-in.md). */
export function DepositsPage() {
  const { t } = useTranslation('moneyIn');
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab');
  const queue: MoneyInQueue = isQueue(tab) ? tab : 'qr';
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <div className="tabs" role="tablist">
        {QUEUES.map((q) => (
          <button
            key={q}
            type="button"
            role="tab"
            aria-selected={q === queue}
            onClick={() => setParams({ tab: q })}
          >
            {t(`tabs.${q}`)}
          </button>
        ))}
      </div>
      <QueueTab key={queue} queue={queue} />
    </>
  );
}

function QueueTab({ queue }: { queue: MoneyInQueue }) {
  const { t, i18n } = useTranslation('moneyIn');
  const [filter, setFilter] = useState<FilterForm>(EMPTY_FILTER);
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const list = useQueueList(queue, {
    state: filter.state,
    search: filter.search.trim() || undefined,
    from: dayStart(filter.from),
    to: dayStart(filter.to, 1),
    reason: filter.reason || undefined,
    page,
    limit: PAGE_SIZE,
  });
  const columns = useMemo(() => columnsFor(queue, t, i18n.language), [queue, t, i18n.language]);
  return (
    <div role="tabpanel">
      <QueueFilters
        isSlips={queue === 'slips'}
        onApply={(next) => {
          setFilter(next);
          setPage(1);
        }}
      />
      <DataTable<QueueItem>
        columns={columns}
        rows={list.data?.rows as QueueItem[] | undefined}
        total={list.data?.total ?? 0}
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={setPage}
        isLoading={list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        emptyText={t('empty')}
        onRowClick={(row) => setOpenId(row.id)}
        rowId={(row) => row.id}
        selectedId={openId}
      />
      <ItemDetail queue={queue} id={openId} onClose={() => setOpenId(null)} />
    </div>
  );
}
