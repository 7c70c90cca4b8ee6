import type { Kysely, Transaction } from 'kysely';
import type { Database } from '@/db/schema.ts';

type Q = Kysely<Database> | Transaction<Database>;

export function insertNotices(
  db: Q,
  rows: { id: string; operatorId: string; kind: string; params: string; at: Date }[],
) {
  if (rows.length === 0) return Promise.resolve();
  return db
    .insertInto('operator_notices')
    .values(
      rows.map((r) => ({
        id: r.id,
        operator_id: r.operatorId,
        kind: r.kind,
        params: r.params,
        created_at: r.at,
      })),
    )
    .execute();
}

export function listNotices(db: Q, operatorId: string, limit: number) {
  return db
    .selectFrom('operator_notices')
    .selectAll()
    .where('operator_id', '=', operatorId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
}

export function countUnread(db: Q, operatorId: string) {
  return db
    .selectFrom('operator_notices')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('operator_id', '=', operatorId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));
}

export function markAllRead(db: Q, operatorId: string, at: Date) {
  return db
    .updateTable('operator_notices')
    .set({ read_at: at })
    .where('operator_id', '=', operatorId)
    .where('read_at', 'is', null)
    .execute();
}
