import { sql, type SelectQueryBuilder } from 'kysely';

/** Whether `query` (its FROM and WHERE, no SELECT) picks any row; it reads the first at most. */
export async function hasAnyRow<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
): Promise<boolean> {
  const row = await query
    .select(sql<number>`1`.as('one'))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
