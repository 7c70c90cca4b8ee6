import { AlertTriangle, RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import '@/components/query-states.css';

/**
 * The loading, failed and empty states every list and figure uses (docs/design.md#member-app): a failed load is never
 * shown as "nothing here", and always offers a retry.
 */

/** Grey bars in the shape of the content while it loads. */
export function Skeleton({ lines = 3, testId }: { lines?: number; testId?: string }) {
  const { t } = useTranslation();
  return (
    <div className="skeleton card" role="status" aria-busy aria-label={t('app.loading')} data-testid={testId}>
      {Array.from({ length: lines }, (_, index) => (
        <span key={index} className="skeleton__bar" />
      ))}
    </div>
  );
}

type LoadFailedProps = {
  /** What could not be loaded, for the title; the generic line when absent. */
  title?: string;
  onRetry: () => void;
  isRetrying?: boolean;
  testId?: string;
  /** Shown between the message and the retry button (for example the last known figures). */
  children?: ReactNode;
};

/** A load that failed: what failed, that nothing is lost, and a retry. */
export function LoadFailed({ title, onRetry, isRetrying = false, testId, children }: LoadFailedProps) {
  const { t } = useTranslation();
  return (
    <div className="load-failed card" role="alert" data-testid={testId}>
      <span className="load-failed__icon" aria-hidden>
        <AlertTriangle size={24} />
      </span>
      <p className="load-failed__title">{title ?? t('states.loadFailed')}</p>
      <p className="muted">{t('states.loadFailedHint')}</p>
      {children}
      <Button variant="secondary" onClick={onRetry} isBusy={isRetrying} data-testid={testId ? `${testId}-retry` : undefined}>
        <RefreshCw size={16} aria-hidden /> {t('states.retry')}
      </Button>
    </div>
  );
}

type EmptyStateProps = { icon: ReactNode; title: string; hint?: string; action?: ReactNode; testId?: string };

/** A list that loaded and has nothing in it, with what to do next. */
export function EmptyState({ icon, title, hint, action, testId }: EmptyStateProps) {
  return (
    <div className="empty-state card" data-testid={testId}>
      <span className="empty-state__icon" aria-hidden>
        {icon}
      </span>
      <p className="empty-state__title">{title}</p>
      {hint && <p className="muted">{hint}</p>}
      {action}
    </div>
  );
}

/** What QueryStates reads of a TanStack query. */
type QueryLike<TData> = {
  isPending: boolean;
  data: TData | undefined;
  isFetching: boolean;
  refetch: () => unknown;
};

type QueryStatesProps<TData> = {
  query: QueryLike<TData>;
  /** Prefix of the test ids: `<testId>-loading`, `<testId>-failed`. */
  testId: string;
  /** Skeleton bars while it loads. */
  lines: number;
  failedTitle?: string;
  /** Whether the loaded data has nothing in it; then `empty` is shown instead of the content. */
  isEmpty?: (data: TData) => boolean;
  empty?: ReactNode;
  children: (data: TData) => ReactNode;
};

/** A query's content, or its loading skeleton, its failure with a retry, or its empty state (never "nothing here" for a failure). */
export function QueryStates<TData>({ query, testId, lines, failedTitle, isEmpty, empty, children }: QueryStatesProps<TData>) {
  if (query.isPending) return <Skeleton lines={lines} testId={`${testId}-loading`} />;
  const { data } = query;
  if (data === undefined)
    return <LoadFailed title={failedTitle} onRetry={() => void query.refetch()} isRetrying={query.isFetching} testId={`${testId}-failed`} />;
  if (isEmpty?.(data)) return empty;
  return children(data);
}
