import type { ReactNode } from 'react';

/** One column of a SimpleTable: its header and what a row shows in it. */
export type SimpleColumn<T> = {
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** Right-aligned figures (header and cells). */
  isNumber?: boolean;
  /** An extra class on the column's cells. */
  cellClassName?: string;
};

type SimpleTableProps<T> = {
  columns: SimpleColumn<T>[];
  rows: T[];
  rowKey: (row: T, index: number) => string;
  /** Shown in one row across the table when there are no rows. */
  emptyText?: string;
  /** Total rows, drawn with the same columns in the table's foot. */
  footRows?: T[];
  testId?: string;
  /** Wide tables scroll sideways inside their box. */
  isScrolling?: boolean;
};

/**
 * A table of rows the screen already holds (a report, a member's game accounts): no paging, no loading state.
 * Lists that come page by page from the server use DataTable.
 */
export function SimpleTable<T>(props: SimpleTableProps<T>) {
  const { columns } = props;
  const cellClass = (column: SimpleColumn<T>) =>
    [column.isNumber ? 'num' : '', column.cellClassName ?? ''].join(' ').trim() || undefined;
  const rowOf = (row: T, index: number) => (
    <tr key={props.rowKey(row, index)}>
      {columns.map((column, i) => (
        <td key={i} className={cellClass(column)}>
          {column.cell(row)}
        </td>
      ))}
    </tr>
  );
  return (
    <div className={props.isScrolling ? 'table-wrap table-scroll' : 'table-wrap'}>
      <table className="data-table" data-testid={props.testId}>
        <thead>
          <tr>
            {columns.map((column, i) => (
              <th key={i} scope="col" className={column.isNumber ? 'num' : undefined}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {props.rows.length === 0 && props.emptyText !== undefined ? (
            <tr>
              <td colSpan={columns.length} className="data-table__empty">
                {props.emptyText}
              </td>
            </tr>
          ) : (
            props.rows.map(rowOf)
          )}
        </tbody>
        {props.footRows ? <tfoot>{props.footRows.map(rowOf)}</tfoot> : null}
      </table>
    </div>
  );
}
