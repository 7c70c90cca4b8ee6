import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database, OperatorAccountActionsTable } from '@/db/schema.ts';

type Q = Kysely<Database> | Transaction<Database>;
export type AccountAction = OperatorAccountActionsTable['action'];

/** Records that `byOperatorId` created, reset, unlocked or promoted `operatorId` (in the change's transaction). */
export async function recordAccountAction(
  db: Q,
  row: { operatorId: string; byOperatorId: string; action: AccountAction; at: Date },
): Promise<void> {
  await db
    .insertInto('operator_account_actions')
    .values({
      id: randomUUID(),
      operator_id: row.operatorId,
      by_operator_id: row.byOperatorId,
      action: row.action,
      at: row.at,
    })
    .execute();
}

/** The operators any of `byOperatorIds` created, reset or unlocked at or after `since`. */
export async function operatorsActedOnBy(
  db: Q,
  byOperatorIds: readonly string[],
  since: Date,
): Promise<string[]> {
  if (byOperatorIds.length === 0) return [];
  const rows = await db
    .selectFrom('operator_account_actions')
    .select('operator_id')
    .distinct()
    .where('by_operator_id', 'in', [...byOperatorIds])
    .where('action', 'in', ['created', 'two_factor_reset', 'unlocked'])
    .where('at', '>=', since)
    .execute();
  return rows.map((r) => r.operator_id);
}

/** Who last made the operator an owner in the back office, by creation or promotion (null: nobody there). */
export async function ownerMakerOf(db: Q, operatorId: string): Promise<string | null> {
  const row = await db
    .selectFrom('operator_account_actions')
    .select('by_operator_id')
    .where('operator_id', '=', operatorId)
    .where('action', 'in', ['created', 'promoted'])
    .orderBy('at', 'desc')
    .executeTakeFirst();
  return row?.by_operator_id ?? null;
}
