import type { Kysely } from 'kysely';
import type { Database } from '@/db/schema.ts';

export type ReplyKey = { memberId: string; key: string };
export type StoredReply = { call: string; statusCode: number | null; body: string | null };

/**
 * Claims the key for `call` in one statement: a new row, or a row left in flight since before `staleBefore` (its
 * request died without an answer) taken over. True when this request now holds it.
 */
export async function claimReply(
  db: Kysely<Database>,
  { memberId, key }: ReplyKey,
  call: string,
  now: Date,
  staleBefore: Date,
): Promise<boolean> {
  const row = await db
    .insertInto('money_replies')
    .values({ member_id: memberId, idempotency_key: key, call, claimed_at: now })
    .onConflict((oc) =>
      oc
        .columns(['member_id', 'idempotency_key'])
        .doUpdateSet({ claimed_at: now })
        .where('money_replies.status_code', 'is', null)
        .where('money_replies.call', '=', call)
        .where('money_replies.claimed_at', '<', staleBefore),
    )
    .returning('claimed_at')
    .executeTakeFirst();
  return row !== undefined && row.claimed_at.getTime() === now.getTime();
}

export async function findReply(db: Kysely<Database>, { memberId, key }: ReplyKey): Promise<StoredReply | undefined> {
  const row = await db
    .selectFrom('money_replies')
    .select(['call', 'status_code', 'body'])
    .where('member_id', '=', memberId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
  return row && { call: row.call, statusCode: row.status_code, body: row.body };
}

export async function storeReply(
  db: Kysely<Database>,
  { memberId, key }: ReplyKey,
  statusCode: number,
  body: string,
): Promise<void> {
  await db
    .updateTable('money_replies')
    .set({ status_code: statusCode, body })
    .where('member_id', '=', memberId)
    .where('idempotency_key', '=', key)
    .where('status_code', 'is', null)
    .execute();
}

/** Gives the key back (the answer said nothing definite): a replay runs the call again. */
export async function releaseReply(db: Kysely<Database>, { memberId, key }: ReplyKey): Promise<void> {
  await db
    .deleteFrom('money_replies')
    .where('member_id', '=', memberId)
    .where('idempotency_key', '=', key)
    .where('status_code', 'is', null)
    .execute();
}

/** Answers older than `before` are forgotten (housekeeping): a replay comes within minutes, not days. */
export async function forgetRepliesBefore(db: Kysely<Database>, before: Date): Promise<number> {
  const result = await db.deleteFrom('money_replies').where('claimed_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
