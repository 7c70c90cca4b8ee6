import type { ReactNode } from 'react';
import '@/components/data-table.css';

type Column = { label: string; isNumeric?: boolean };

type DataTableProps = {
  columns: Column[];
  children: ReactNode;
  /** The rows shown are the previous page's while the next one loads. */
  isStale?: boolean;
  testId?: string;
};

/** The small paged tables of the promotion modals (invitees, refunds, coupons): a header row and the rows given. */
export function DataTable({ columns, children, isStale = false, testId }: DataTableProps) {
  return (
    <div className="data-table-wrap">
      <table className={`data-table${isStale ? ' is-stale' : ''}`} aria-busy={isStale || undefined} data-testid={testId}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.label} scope="col" className={column.isNumeric ? 'data-table__num' : undefined}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
