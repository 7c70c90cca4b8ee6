import { sql, type SelectQueryBuilder } from 'kysely';

/** Which rows of a list a page holds. */
export type PageWindow = { offset: number; limit: number };

/** The rows of page `page` (counted from 1) of `limit` rows each. */
export const pageWindow = (p: { page: number; limit: number }): PageWindow => ({
  offset: (p.page - 1) * p.limit,
  limit: p.limit,
});

/**
 * One page of a list and how many rows the whole list has, read together: `base` picks the list's rows (its FROM and
 * WHERE, no SELECT), `rowsOf` selects and orders them; the count is of `base` alone.
 */
export async function readPage<DB, TB extends keyof DB, O, RDB, RTB extends keyof RDB, R>(
  base: SelectQueryBuilder<DB, TB, O>,
  rowsOf: (base: SelectQueryBuilder<DB, TB, O>) => SelectQueryBuilder<RDB, RTB, R>,
  page: PageWindow,
): Promise<{ total: number; rows: R[] }> {
  const [count, rows] = await Promise.all([
    base
      .select(sql<string | number>`count(*)`.as('n'))
      .$castTo<{ n: string | number }>()
      .executeTakeFirstOrThrow(),
    rowsOf(base).limit(page.limit).offset(page.offset).execute(),
  ]);
  return { total: Number(count.n), rows };
}
