import { sql, type SelectQueryBuilder } from 'kysely';

/**
 * The sum of the money `amount` of the rows `query` picks (its FROM and WHERE, no SELECT), 0 for none; read as text,
 * so it stays exact whatever the driver (docs/design.md#amounts).
 */
export async function sumAmount<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
): Promise<bigint> {
  const row = await query
    .select(sql<string>`coalesce(sum(amount), 0)::text`.as('total'))
    .$castTo<{ total: string }>()
    .executeTakeFirstOrThrow();
  return BigInt(row.total);
}
