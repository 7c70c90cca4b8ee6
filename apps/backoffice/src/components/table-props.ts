import { useState } from 'react';
import { tableStateOf } from '@/components/data-table';

type ListQuery<T> = Parameters<typeof tableStateOf<T>>[0];

/**
 * The page a server-paged list shows, what to ask the server for it (`request`), and the DataTable props of its
 * answer (rows by their id, paging, loading, error and retry).
 */
export function usePagedTable(pageSize: number) {
  const [page, setPage] = useState(1);
  const tableProps = <T extends { id: string }>(query: ListQuery<T>) => ({
    ...tableStateOf(query),
    page,
    pageSize,
    onPageChange: setPage,
    rowId: (row: T) => row.id,
  });
  return { page, setPage, request: { page, limit: pageSize }, tableProps };
}

const noPaging = () => undefined;

/** The DataTable props of a list that comes whole: one page holding every row. */
export function wholeListProps<T>(rows: T[] | undefined) {
  return {
    rows,
    page: 1,
    pageSize: Math.max(1, rows?.length ?? 1),
    total: rows?.length ?? 0,
    onPageChange: noPaging,
  };
}

/** wholeListProps of a query's answer, with its loading, error and retry. */
export function wholeQueryProps<T>(query: {
  data?: T[];
  isPending: boolean;
  error: unknown;
  refetch: () => unknown;
}) {
  return {
    ...wholeListProps(query.data),
    isLoading: query.isPending,
    error: query.error,
    onRetry: () => void query.refetch(),
  };
}
