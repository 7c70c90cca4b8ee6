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
