import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type Row,
} from '@tanstack/react-table';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { useErrorText } from '@/components/error-text';

type DataTableProps<T> = {
  columns: ColumnDef<T, unknown>[];
  rows: T[] | undefined;
  /** Server-side paging: the page shown (1-based), the page size and the total number of rows. */
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  isLoading?: boolean;
  error?: unknown;
  onRetry?: () => void;
  emptyText?: string;
  onRowClick?: (row: T) => void;
  rowId?: (row: T) => string;
  /** A row to mark (the one open in the detail). */
  selectedId?: string | null;
};

/** The operators' queue table (TanStack Table): server-side paging, loading, error and empty states. */
export function DataTable<T>(props: DataTableProps<T>) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const table = useReactTable({
    data: props.rows ?? [],
    columns: props.columns,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    pageCount: Math.max(1, Math.ceil(props.total / props.pageSize)),
    getRowId: props.rowId ? (row) => props.rowId!(row) : undefined,
  });
  const pages = Math.max(1, Math.ceil(props.total / props.pageSize));
  const onRow = (row: Row<T>) => props.onRowClick?.(row.original);
  const colSpan = props.columns.length;

  return (
    <div className="table-wrap">
      <table className="data-table">
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} scope="col">
                  {header.isPlaceholder
                    ? null
                    : flexRender(header.column.columnDef.header, header.getContext())}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {props.isLoading ? (
            <tr>
              <td colSpan={colSpan}>
                <div
                  className="skeleton skeleton--rows"
                  aria-busy="true"
                  aria-label={t('loading')}
                />
              </td>
            </tr>
          ) : props.error ? (
            <tr>
              <td colSpan={colSpan}>
                <div className="state state--error" role="alert">
                  <p>{errorText(props.error)}</p>
                  {props.onRetry ? (
                    <Button variant="secondary" onClick={props.onRetry}>
                      {t('retry')}
                    </Button>
                  ) : null}
                </div>
              </td>
            </tr>
          ) : table.getRowModel().rows.length === 0 ? (
            <tr>
              <td colSpan={colSpan} className="data-table__empty">
                {props.emptyText ?? t('empty')}
              </td>
            </tr>
          ) : (
            table.getRowModel().rows.map((row) => (
              <tr
                key={row.id}
                className={`${props.onRowClick ? 'is-clickable' : ''}${props.selectedId === row.id ? ' is-selected' : ''}`}
                onClick={props.onRowClick ? () => onRow(row) : undefined}
                tabIndex={props.onRowClick ? 0 : undefined}
                onKeyDown={
                  props.onRowClick
                    ? (event) => {
                        if (event.key === 'Enter') onRow(row);
                      }
                    : undefined
                }
              >
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
      <nav className="pager" aria-label={t('pages')}>
        <span className="pager__info">
          {t('pageOf', { page: props.page, pages, total: props.total })}
        </span>
        <Button
          variant="ghost"
          aria-label={t('previousPage')}
          disabled={props.page <= 1}
          onClick={() => props.onPageChange(props.page - 1)}
        >
          <ChevronLeft size={16} aria-hidden />
        </Button>
        <Button
          variant="ghost"
          aria-label={t('nextPage')}
          disabled={props.page >= pages}
          onClick={() => props.onPageChange(props.page + 1)}
        >
          <ChevronRight size={16} aria-hidden />
        </Button>
      </nav>
    </div>
  );
}

/** The DataTable props that come from a list query (rows, total, loading, error and its retry). */
export function tableStateOf<T>(query: {
  data?: { rows: T[]; total: number };
  isPending: boolean;
  error: unknown;
  refetch: () => unknown;
}) {
  return {
    rows: query.data?.rows,
    total: query.data?.total ?? 0,
    isLoading: query.isPending,
    error: query.error,
    onRetry: () => void query.refetch(),
  };
}
