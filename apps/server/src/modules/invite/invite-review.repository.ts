import { sql } from 'kysely';
import type { Queryable, Trx } from '@/db/database.ts';
import type { InviteReviewStatus } from '@/db/schema.ts';
import type { SharedTrait } from '@/modules/account/invitee.repository.ts';

/** invite_reviews (invite module): invites held for an operator because they share something with the inviter. */

export type InviteReviewRow = {
  inviteeId: string;
  inviterId: string;
  reasons: SharedTrait[];
  status: InviteReviewStatus;
  createdAt: Date;
  decidedBy: string | null;
  decidedAt: Date | null;
  note: string | null;
};

type Raw = {
  invitee_id: string;
  inviter_id: string;
  reasons: unknown;
  status: InviteReviewStatus;
  created_at: Date;
  decided_by: string | null;
  decided_at: Date | null;
  note: string | null;
};

const toRow = (r: Raw): InviteReviewRow => ({
  inviteeId: r.invitee_id,
  inviterId: r.inviter_id,
  reasons: (typeof r.reasons === 'string' ? JSON.parse(r.reasons) : r.reasons) as SharedTrait[],
  status: r.status,
  createdAt: r.created_at,
  decidedBy: r.decided_by,
  decidedAt: r.decided_at,
  note: r.note,
});

/** Holds the invitee's invite, once (a review already there, whatever its decision, is kept). */
export async function insertHeldReview(
  trx: Trx,
  review: { inviteeId: string; inviterId: string; reasons: SharedTrait[]; now: Date },
): Promise<boolean> {
  const row = await trx
    .insertInto('invite_reviews')
    .values({
      invitee_id: review.inviteeId,
      inviter_id: review.inviterId,
      reasons: JSON.stringify(review.reasons),
      status: 'held',
      created_at: review.now,
    })
    .onConflict((oc) => oc.column('invitee_id').doNothing())
    .returning('invitee_id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function findReview(
  db: Queryable,
  inviteeId: string,
  options: { isLocked?: boolean } = {},
): Promise<InviteReviewRow | undefined> {
  let query = db.selectFrom('invite_reviews').selectAll().where('invitee_id', '=', inviteeId);
  if (options.isLocked) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row && toRow(row);
}

/** Decides a held review, only while it is held: of parallel decisions one wins. */
export async function decideReview(
  trx: Trx,
  decision: {
    inviteeId: string;
    status: 'released' | 'refused';
    by: string | null;
    note: string;
    now: Date;
  },
): Promise<InviteReviewRow | undefined> {
  const row = await trx
    .updateTable('invite_reviews')
    .set({
      status: decision.status,
      decided_by: decision.by,
      decided_at: decision.now,
      note: decision.note,
    })
    .where('invitee_id', '=', decision.inviteeId)
    .where('status', '=', 'held')
    .returningAll()
    .executeTakeFirst();
  return row && toRow(row);
}

/** Held reviews oldest first, or decided ones newest first (at most 100). */
export async function listReviews(
  db: Queryable,
  status: InviteReviewStatus,
): Promise<InviteReviewRow[]> {
  const rows = await db
    .selectFrom('invite_reviews')
    .selectAll()
    .where('status', '=', status)
    .orderBy('created_at', status === 'held' ? 'asc' : 'desc')
    .orderBy('invitee_id')
    .limit(100)
    .execute();
  return rows.map(toRow);
}

/** Commission accrued on each invitee's deposits and not collected. */
export async function sumUncollectedByInvitee(
  db: Queryable,
  inviteeIds: readonly string[],
): Promise<Map<string, bigint>> {
  if (inviteeIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('invite_accruals')
    .select(['invitee_id', sql<string>`sum(amount)::text`.as('total')])
    .where('invitee_id', 'in', [...inviteeIds])
    .where('collection_id', 'is', null)
    .groupBy('invitee_id')
    .execute();
  return new Map(rows.map((r) => [r.invitee_id, BigInt(r.total)]));
}
