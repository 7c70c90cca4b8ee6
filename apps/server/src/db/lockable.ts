import type { SelectQueryBuilder } from 'kysely';

/** The query locking its rows FOR UPDATE within the caller's transaction when `isLocked`, else as it is. */
export function lockedIf<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  options: { isLocked?: boolean },
): SelectQueryBuilder<DB, TB, O> {
  return options.isLocked ? query.forUpdate() : query;
}
