import type { SelectQueryBuilder } from 'kysely';
import { lockedIf, type LockStrength } from '@/db/lockable.ts';

/** A repository's "find one": the first row of the query for the given arguments, as its domain value. */
export function finder<D, A extends unknown[], DB, TB extends keyof DB, O, T>(
  query: (db: D, ...args: A) => SelectQueryBuilder<DB, TB, O>,
  toDomain: (row: O) => T,
): (db: D, ...args: A) => Promise<T | undefined> {
  return async (db, ...args) => {
    const row = await query(db, ...args).executeTakeFirst();
    return row === undefined ? undefined : toDomain(row);
  };
}

/** A "find one by key" whose row is locked within the caller's transaction when `isLocked` (see lockedIf). */
export function lockableFinder<D, K, DB, TB extends keyof DB, O, T>(
  query: (db: D, key: K) => SelectQueryBuilder<DB, TB, O>,
  toDomain: (row: O) => T,
  strength?: LockStrength,
): (db: D, key: K, options?: { isLocked?: boolean }) => Promise<T | undefined> {
  return async (db, key, options = {}) => {
    const row = await lockedIf(query(db, key), options, strength).executeTakeFirst();
    return row === undefined ? undefined : toDomain(row);
  };
}
