import { Fragment, type ReactNode } from 'react';

/**
 * One row of a facts list; `isMismatch` marks a value that does not agree with what the member registered,
 * `isNumeric` a figure (aligned as numbers are).
 */
export type Fact = { label: string; value: ReactNode; isMismatch?: boolean; isNumeric?: boolean };

function valueClass(row: Fact): string | undefined {
  const classes = [row.isNumeric ? 'num' : '', row.isMismatch ? 'is-mismatch' : ''].filter(Boolean);
  return classes.length > 0 ? classes.join(' ') : undefined;
}

/** What is known of an item, as label and value rows; a row given as null or false is left out. */
export function Facts({
  rows,
  testId,
  className,
}: {
  rows: readonly (Fact | null | false)[];
  testId?: string;
  /** A class added to `facts`, for a screen's own layout. */
  className?: string;
}) {
  return (
    <dl className={className ? `facts ${className}` : 'facts'} data-testid={testId}>
      {rows.map((row) =>
        row ? (
          <Fragment key={row.label}>
            <dt>{row.label}</dt>
            <dd className={valueClass(row)}>{row.value}</dd>
          </Fragment>
        ) : null,
      )}
    </dl>
  );
}
