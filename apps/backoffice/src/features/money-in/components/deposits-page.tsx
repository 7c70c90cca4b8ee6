import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { QueueOrigin } from '@mekong/contracts/admin/queues';
import { CountBadge } from '@/components/count-badge';
import { DataTable, tableStateOf } from '@/components/data-table';
import { FilterBar, useListFilter } from '@/components/filter-bar';
import { PageHeader } from '@/components/page-header';
import { TabList, useTabParam } from '@/components/tab-list';
import { dayRange } from '@/lib/filter-values';
import { useQueueCounts } from '@/lib/queue-counts';
import { useQueueList, type MoneyInQueue } from '@/features/money-in/api/money-in-api';
import { ItemDetail } from '@/features/money-in/components/item-detail';
import { columnsFor, type QueueItem } from '@/features/money-in/components/queue-columns';
import { EMPTY_FILTER, queueFields } from '@/features/money-in/components/queue-filters';
import '@/features/money-in/components/money-in.css';

const QUEUES: MoneyInQueue[] = ['qr', 'vouchers', 'notices', 'bank-lines', 'slips'];
const PAGE_SIZE = 20;
/** The queues where the system refuses duplicates by itself: those are listed apart (docs/back-office/triage.md). */
const WITH_ORIGINS = new Set<MoneyInQueue>(['bank-lines', 'slips']);
const ORIGINS: QueueOrigin[] = ['person', 'system'];

/** The money-in queues, one tab each with how many items wait (docs/back-office/money-in.md). */
export function DepositsPage() {
  const { t } = useTranslation('moneyIn');
  const [queue, setQueue] = useTabParam(QUEUES);
  const counts = useQueueCounts();
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <TabList
        tabs={QUEUES}
        selected={queue}
        textOf={(q) => t(`tabs.${q}`)}
        onSelect={setQueue}
        testIdPrefix="queue-tab-"
        badgeOf={(q) => <CountBadge count={counts.data?.needsPerson[q]} />}
      />
      {WITH_ORIGINS.has(queue) ? (
        <OriginSections key={queue} queue={queue as 'bank-lines' | 'slips'} />
      ) : (
        <QueueTab key={queue} queue={queue} />
      )}
    </>
  );
}

/** A queue with the system's refusals apart: those needing a person first, the duplicates in their own section. */
function OriginSections({ queue }: { queue: 'bank-lines' | 'slips' }) {
  const { t } = useTranslation('moneyIn');
  const [origin, setOrigin] = useState<QueueOrigin>('person');
  const counts = useQueueCounts();
  return (
    <>
      <TabList
        tabs={ORIGINS}
        selected={origin}
        textOf={(o) => t(`origins.${o}`)}
        onSelect={setOrigin}
        label={t('origins.label')}
        testIdPrefix="origin-tab-"
        className="tabs--sub"
        badgeOf={(o) => (
          <CountBadge
            count={
              o === 'person' ? counts.data?.needsPerson[queue] : counts.data?.refusedBySystem[queue]
            }
            isQuiet={o === 'system'}
          />
        )}
      />
      {origin === 'system' ? <p className="muted">{t('origins.systemHint')}</p> : null}
      <QueueTab key={origin} queue={queue} origin={origin} />
    </>
  );
}

function QueueTab({ queue, origin }: { queue: MoneyInQueue; origin?: QueueOrigin }) {
  const { t, i18n } = useTranslation('moneyIn');
  const filter = useListFilter(EMPTY_FILTER, PAGE_SIZE);
  // `?open=<id>`: a link from elsewhere (the audit trail) opens that item's detail.
  const [params] = useSearchParams();
  const [openId, setOpenId] = useState<string | null>(params.get('open'));
  const { applied } = filter;
  const list = useQueueList(queue, {
    state: applied.state,
    search: applied.search.trim() || undefined,
    ...dayRange(applied),
    reason: applied.reason || undefined,
    origin,
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
