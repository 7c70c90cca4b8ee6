import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, tableStateOf } from '@/components/data-table';
import { FilterBar, useListFilter } from '@/components/filter-bar';
import { PageHeader } from '@/components/page-header';
import { TabList, useTabParam } from '@/components/tab-list';
import { dayRange } from '@/lib/filter-values';
import { useQueueList, type MoneyInQueue } from '@/features/money-in/api/money-in-api';
import { ItemDetail } from '@/features/money-in/components/item-detail';
import { columnsFor, type QueueItem } from '@/features/money-in/components/queue-columns';
import { EMPTY_FILTER, queueFields } from '@/features/money-in/components/queue-filters';
import '@/features/money-in/components/money-in.css';

const QUEUES: MoneyInQueue[] = ['qr', 'vouchers', 'notices', 'bank-lines', 'slips'];
const PAGE_SIZE = 20;

/** The money-in queues, one tab each (docs/back-office/money-in.md). */
export function DepositsPage() {
  const { t } = useTranslation('moneyIn');
  const [queue, setQueue] = useTabParam(QUEUES);
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <TabList tabs={QUEUES} selected={queue} textOf={(q) => t(`tabs.${q}`)} onSelect={setQueue} />
      <QueueTab key={queue} queue={queue} />
    </>
  );
}

function QueueTab({ queue }: { queue: MoneyInQueue }) {
  const { t, i18n } = useTranslation('moneyIn');
  const filter = useListFilter(EMPTY_FILTER, PAGE_SIZE);
  const [openId, setOpenId] = useState<string | null>(null);
  const { applied } = filter;
  const list = useQueueList(queue, {
    state: applied.state,
    search: applied.search.trim() || undefined,
    ...dayRange(applied),
    reason: applied.reason || undefined,
    page: filter.page,
    limit: PAGE_SIZE,
  });
  const columns = useMemo(() => columnsFor(queue, t, i18n.language), [queue, t, i18n.language]);
  return (
    <div role="tabpanel">
      <FilterBar {...filter.bar} fields={queueFields(t, queue === 'slips')} />
      <DataTable<QueueItem>
        columns={columns}
        {...tableStateOf<QueueItem>(list)}
        {...filter.paging}
        emptyText={t('empty')}
        onRowClick={(row) => setOpenId(row.id)}
        rowId={(row) => row.id}
        selectedId={openId}
      />
      <ItemDetail queue={queue} id={openId} onClose={() => setOpenId(null)} />
    </div>
  );
}
