import type { Selectable, Updateable } from 'kysely';
import type { Queryable } from '@/db/database.ts';
import { lockedIf } from '@/db/lockable.ts';
import { readPage, type PageWindow } from '@/db/paged.ts';
import type { MemberAdjustmentsTable } from '@/db/schema.ts';

/** `member_adjustments` (docs/back-office/members.md#adjustments): this module owns it. */

export type AdjustmentRow = {
  id: string;
  memberId: string;
  direction: MemberAdjustmentsTable['direction'];
  amountMinor: bigint;
  currency: MemberAdjustmentsTable['currency'];
  reason: string;
  status: MemberAdjustmentsTable['status'];
  requestedBy: string;
  requestedByName: string;
  requestedAt: Date;
  decidedBy: string | null;
  decidedByName: string | null;
  decidedAt: Date | null;
  decisionReason: string | null;
  transferId: string | null;
  balanceBeforeMinor: bigint | null;
  balanceAfterMinor: bigint | null;
};

const bigOrNull = (value: string | number | null) => (value === null ? null : BigInt(value));

type Row = Selectable<MemberAdjustmentsTable>;

function toAdjustment(r: Row): AdjustmentRow {
  return {
    id: r.id,
    memberId: r.member_id,
    direction: r.direction,
    amountMinor: BigInt(r.amount),
    currency: r.currency,
    reason: r.reason,
    status: r.status,
    requestedBy: r.requested_by,
    requestedByName: r.requested_by_name,
    requestedAt: r.requested_at,
    decidedBy: r.decided_by,
    decidedByName: r.decided_by_name,
    decidedAt: r.decided_at,
    decisionReason: r.decision_reason,
    transferId: r.transfer_id,
    balanceBeforeMinor: bigOrNull(r.balance_before),
    balanceAfterMinor: bigOrNull(r.balance_after),
  };
}

/** One adjustment; `isLocked` locks its row in the caller's transaction (a decision reads it so). */
export async function findAdjustment(
  db: Queryable,
  id: string,
  options: { isLocked?: boolean } = {},
): Promise<AdjustmentRow | undefined> {
  const query = db.selectFrom('member_adjustments').selectAll().where('id', '=', id);
  const row = await lockedIf(query, options, 'update').executeTakeFirst();
  return row && toAdjustment(row);
}

/** Records a request; false when its id exists already (a repeat of the same request, or another one's id). */
export async function insertAdjustment(
  trx: Queryable,
  row: Pick<
    AdjustmentRow,
    'id' | 'memberId' | 'direction' | 'amountMinor' | 'currency' | 'reason'
  > & {
    requestedBy: { id: string; name: string };
    now: Date;
  },
): Promise<boolean> {
  const inserted = await trx
    .insertInto('member_adjustments')
    .values({
      id: row.id,
      member_id: row.memberId,
      direction: row.direction,
      amount: row.amountMinor,
      currency: row.currency,
      reason: row.reason,
      status: 'awaiting_approval',
      requested_by: row.requestedBy.id,
      requested_by_name: row.requestedBy.name,
      requested_at: row.now,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

type Decided = { decidedBy: { id: string; name: string } | null; now: Date };

/** Settles an adjustment still awaiting approval; one settled already is left as it is. */
async function settleAwaiting(
  trx: Queryable,
  id: string,
  decided: Decided,
  set: Updateable<MemberAdjustmentsTable>,
): Promise<void> {
  await trx
    .updateTable('member_adjustments')
    .set({
      ...set,
      decided_by: decided.decidedBy?.id ?? null,
      decided_by_name: decided.decidedBy?.name ?? null,
      decided_at: decided.now,
    })
    .where('id', '=', id)
    .where('status', '=', 'awaiting_approval')
    .execute();
}

export const markPosted = (
  trx: Queryable,
  id: string,
  posted: Decided & { transferId: string; beforeMinor: bigint; afterMinor: bigint },
): Promise<void> =>
  settleAwaiting(trx, id, posted, {
    status: 'posted',
    transfer_id: posted.transferId,
    balance_before: posted.beforeMinor,
    balance_after: posted.afterMinor,
  });

export const markRejected = (
  trx: Queryable,
  id: string,
  rejected: { decidedBy: { id: string; name: string }; now: Date; reason: string },
): Promise<void> =>
  settleAwaiting(trx, id, rejected, { status: 'rejected', decision_reason: rejected.reason });

/** One page of adjustments, of one member (newest first) or all awaiting approval (oldest first). */
export async function listAdjustments(
  db: Queryable,
  which: { memberId: string } | { status: 'awaiting_approval' },
  page: PageWindow,
): Promise<{ total: number; rows: AdjustmentRow[] }> {
  const isQueue = 'status' in which;
  const base = isQueue
    ? db.selectFrom('member_adjustments').where('status', '=', which.status)
    : db.selectFrom('member_adjustments').where('member_id', '=', which.memberId);
  const order = isQueue ? 'asc' : 'desc';
  const { total, rows } = await readPage(
    base,
    (b) => b.selectAll().orderBy('requested_at', order).orderBy('id', order),
    page,
  );
  return { total, rows: rows.map(toAdjustment) };
}
