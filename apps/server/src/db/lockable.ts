import type { SelectQueryBuilder } from 'kysely';

/** How strongly a read row is locked: 'update' where the caller changes a column of a unique index (a key). */
export type LockStrength = 'no key update' | 'update';

/**
 * The query locking its rows within the caller's transaction when `isLocked`, else as it is. FOR NO KEY UPDATE by
 * default: most callers change no key, and it does not block the key-share lock of rows being inserted that reference
 * the locked one (docs/design.md#locks).
 */
export function lockedIf<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  options: { isLocked?: boolean },
  strength: LockStrength = 'no key update',
): SelectQueryBuilder<DB, TB, O> {
  if (!options.isLocked) return query;
  return strength === 'update' ? query.forUpdate() : query.forNoKeyUpdate();
}
