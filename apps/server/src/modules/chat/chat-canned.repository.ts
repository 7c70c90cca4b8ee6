import type { Kysely, Transaction } from 'kysely';
import { lockedIf } from '@/db/lockable.ts';
import type { Database } from '@/db/schema.ts';

type Q = Kysely<Database> | Transaction<Database>;

export function listCannedReplies(db: Q) {
  return db.selectFrom('chat_canned_replies').selectAll().orderBy('title').orderBy('id').execute();
}

export function findCannedReply(db: Q, id: string, options: { isLocked?: boolean } = {}) {
  const query = db.selectFrom('chat_canned_replies').selectAll().where('id', '=', id);
  return lockedIf(query, options, 'update').executeTakeFirst();
}

export async function insertCannedReply(
  db: Q,
  reply: { id: string; title: string; text: string; createdBy: string; now: Date },
) {
  await db
    .insertInto('chat_canned_replies')
    .values({
      id: reply.id,
      title: reply.title,
      text: reply.text,
      created_by: reply.createdBy,
      created_at: reply.now,
      updated_at: reply.now,
    })
    .execute();
}

export async function updateCannedReply(
  db: Q,
  id: string,
  fields: { title: string; text: string },
  now: Date,
) {
  await db
    .updateTable('chat_canned_replies')
    .set({ ...fields, updated_at: now })
    .where('id', '=', id)
    .execute();
}

export async function deleteCannedReply(db: Q, id: string) {
  await db.deleteFrom('chat_canned_replies').where('id', '=', id).execute();
}
