import type { Queryable } from '@/db/database.ts';
import { lockedIf } from '@/db/lockable.ts';

export function listCannedReplies(db: Queryable) {
  return db.selectFrom('chat_canned_replies').selectAll().orderBy('title').orderBy('id').execute();
}

export function findCannedReply(db: Queryable, id: string, options: { isLocked?: boolean } = {}) {
  const query = db.selectFrom('chat_canned_replies').selectAll().where('id', '=', id);
  return lockedIf(query, options, 'update').executeTakeFirst();
}

export async function insertCannedReply(
  db: Queryable,
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
  db: Queryable,
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

export async function deleteCannedReply(db: Queryable, id: string) {
  await db.deleteFrom('chat_canned_replies').where('id', '=', id).execute();
}
