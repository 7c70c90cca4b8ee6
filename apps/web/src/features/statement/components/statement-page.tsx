import { PAGE_SIZE } from '@mekong/contracts/constants';
import type { StatementEntry, StatementFilter } from '@mekong/contracts/statement';
import { useQuery } from '@tanstack/react-query';
import { FileSearch, ReceiptText } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { PageHeader } from '@/components/page-header';
import { EmptyState, LoadFailed, Skeleton } from '@/components/query-states';
import { statementQuery } from '@/features/statement/api/statement-queries';
import { Pagination } from '@/components/pagination';
import { SlipStatusModal } from '@/features/statement/components/slip-status-modal';
import { StatementDetailSheet } from '@/features/statement/components/statement-detail-sheet';
import { StatementFilterChips } from '@/features/statement/components/statement-filter';
import { StatementList } from '@/features/statement/components/statement-list';
import { pageCount } from '@/lib/pagination';
import { useStatementNames } from '@/features/statement/hooks/use-statement-names';
import { currencySymbol } from '@/lib/format';
import { WaitingCredits } from '@/components/waiting-credits';
import { isWaiting, useWaitingOutcomes, waitingMoneyQuery } from '@/lib/waiting-money';
import '@/features/statement/components/statement.css';

/**
 * Spec §2 /user/statement: entries 10 a page with type icon, activity, status, date, time-ago and signed amount;
 * pagination shows 3 pages before and 1 after the current one. Beyond the spec (issue 9): rows under day headers,
 * each with its channel and reference, a type filter the server applies, a receipt sheet on tap, and the four
 * states of docs/design.md#member-app: a failed load says so and offers a retry, never "no transactions yet".
 */
export function StatementPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [filter, setFilter] = useState<StatementFilter | null>(null);
  const [opened, setOpened] = useState<StatementEntry | null>(null);
  const [isSlipStatusOpen, setSlipStatusOpen] = useState(false);
  const statement = useQuery(statementQuery(page, filter));
  const names = useStatementNames();
  // Held money in is no ledger row yet: it shows above the first page until decided (docs/decisions/0025-waiting-money.md).
  const waiting = useQuery(waitingMoneyQuery);
  useWaitingOutcomes(waiting.data);
  const heldCredits = (waiting.data?.items ?? []).filter((item) => item.kind === 'credit' && isWaiting(item));
  const isHeldShown = page === 1 && (filter === null || filter === 'deposit');
  const symbol = currencySymbol(names.currency);

  const data = statement.data;
  const totalPages = pageCount(data?.total ?? 0, PAGE_SIZE.statement);
  const goTo = (next: number) => {
    setPage(next);
    window.scrollTo({ top: 0 });
  };
  const onFilter = (next: StatementFilter | null) => {
    setFilter(next);
    setPage(1);
  };

  return (
    <section className="page">
      <PageHeader
        title={t('statement.title')}
        action={
          <button type="button" className="chip-btn statement-slip-button" aria-haspopup="dialog" onClick={() => setSlipStatusOpen(true)} data-testid="statement-slip-status">
            <FileSearch size={16} aria-hidden /> {t('statement.slipStatus')}
          </button>
        }
      />
      <StatementFilterChips value={filter} onChange={onFilter} />
      {isHeldShown && <WaitingCredits items={heldCredits} usualWaitSeconds={waiting.data?.usualWaitSeconds.credit ?? null} />}

      {data ? (
        data.statements.length === 0 ? (
          filter ? (
            <EmptyState
              icon={<ReceiptText size={32} />}
              title={t(`statementFlow.emptyFiltered.${filter}`)}
              hint={t('statementFlow.emptyFilteredHint')}
              action={
                <Button variant="secondary" onClick={() => onFilter(null)} data-testid="statement-show-all">
                  {t('statementFlow.showAll')}
                </Button>
              }
              testId="statement-empty"
            />
          ) : (
            // Money held for a check is shown above: "no transactions yet" under it would read as if it were lost.
            isHeldShown && heldCredits.length > 0 ? null : (
              <EmptyState icon={<ReceiptText size={32} />} title={t('statement.empty')} hint={t('statement.emptyHint')} testId="statement-empty" />
            )
          )
        ) : (
          <>
            <StatementList
              entries={data.statements}
              names={names}
              symbol={symbol}
              isStale={statement.isPlaceholderData}
              isBusy={statement.isFetching}
              onOpen={setOpened}
            />
            {totalPages > 1 && <Pagination page={page} totalPages={totalPages} onPage={goTo} testIdPrefix="statement" />}
          </>
        )
      ) : statement.isError ? (
        <LoadFailed title={t('statementFlow.loadFailed')} onRetry={() => void statement.refetch()} isRetrying={statement.isFetching} testId="statement-failed" />
      ) : (
        <Skeleton lines={6} testId="statement-loading" />
      )}
      <StatementDetailSheet entry={opened} names={names} symbol={symbol} onClose={() => setOpened(null)} />
      <SlipStatusModal isOpen={isSlipStatusOpen} onOpenChange={setSlipStatusOpen} />
    </section>
  );
}

export default StatementPage;
