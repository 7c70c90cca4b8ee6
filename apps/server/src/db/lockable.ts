import type { SelectQueryBuilder } from 'kysely';

/**
 * The query locking its rows within the caller's transaction when `isLocked`, else as it is. FOR NO KEY UPDATE: the
 * callers change no key, and it does not block the key-share lock of rows being inserted that reference the locked
 * one (docs/design.md#locks).
 */
export function lockedIf<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  options: { isLocked?: boolean },
): SelectQueryBuilder<DB, TB, O> {
  return options.isLocked ? query.forNoKeyUpdate() : query;
}
