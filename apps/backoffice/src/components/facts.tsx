import { Fragment, type ReactNode } from 'react';

/** One row of a facts list; `isMismatch` marks a value that does not agree with what the member registered. */
export type Fact = { label: string; value: ReactNode; isMismatch?: boolean };

/** What is known of an item, as label and value rows; a row given as null or false is left out. */
export function Facts({
  rows,
  testId,
}: {
  rows: readonly (Fact | null | false)[];
  testId?: string;
}) {
  return (
    <dl className="facts" data-testid={testId}>
      {rows.map((row) =>
        row ? (
          <Fragment key={row.label}>
            <dt>{row.label}</dt>
            <dd className={row.isMismatch ? 'is-mismatch' : undefined}>{row.value}</dd>
          </Fragment>
        ) : null,
      )}
    </dl>
  );
}
