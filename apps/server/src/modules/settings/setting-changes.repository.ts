import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, PendingSettingChangesTable } from '@/db/schema.ts';

/** The waiting money-critical setting changes (the settings module owns pending_setting_changes). */
export type SettingChangeRow = Selectable<PendingSettingChangesTable>;

export async function insertSettingChange(
  trx: Transaction<Database>,
  row: Omit<
    SettingChangeRow,
    'status' | 'decided_by' | 'decided_by_name' | 'decided_at' | 'refusal' | 'before' | 'value'
  > & { before: unknown; value: unknown },
): Promise<SettingChangeRow> {
  return trx
    .insertInto('pending_setting_changes')
    .values({
      ...row,
      before: row.before === null ? null : JSON.stringify(row.before),
      value: JSON.stringify(row.value),
      status: 'pending',
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The change of this key now waiting, if any. */
export function findPendingOfKey(trx: Transaction<Database>, key: string) {
  return trx
    .selectFrom('pending_setting_changes')
    .select('id')
    .where('key', '=', key)
    .where('status', '=', 'pending')
    .executeTakeFirst();
}

export function lockSettingChange(trx: Transaction<Database>, id: string) {
  return trx
    .selectFrom('pending_setting_changes')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export function listPendingChanges(db: Kysely<Database>): Promise<SettingChangeRow[]> {
  return db
    .selectFrom('pending_setting_changes')
    .selectAll()
    .where('status', '=', 'pending')
    .orderBy('requested_at')
    .orderBy('id')
    .execute();
}

/** The waiting changes whose delay has passed, oldest first. */
export async function dueChangeIds(db: Kysely<Database>, now: Date): Promise<string[]> {
  const rows = await db
    .selectFrom('pending_setting_changes')
    .select('id')
    .where('status', '=', 'pending')
    .where('effective_at', '<=', now)
    .orderBy('effective_at')
    .execute();
  return rows.map((r) => r.id);
}

export async function closeSettingChange(
  trx: Transaction<Database>,
  id: string,
  outcome: {
    status: 'applied' | 'cancelled';
    decidedBy: { id: string; name: string } | null;
    now: Date;
    refusal?: string | null;
  },
): Promise<void> {
  await trx
    .updateTable('pending_setting_changes')
    .set({
      status: outcome.status,
      decided_by: outcome.decidedBy?.id ?? null,
      decided_by_name: outcome.decidedBy?.name ?? null,
      decided_at: outcome.now,
      refusal: outcome.refusal ?? null,
    })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}
