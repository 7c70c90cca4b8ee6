import type { Queryable } from '@/db/database.ts';

/** The member's withdrawals waiting for an operator, and those an operator decided since (docs/decisions/0025-waiting-money.md). */

export type WaitingPayoutRow = {
  id: string;
  transferId: string;
  amountMinor: bigint;
  currency: string;
  state: 'waiting' | 'sending' | 'paid' | 'refused';
  createdAt: Date;
  decidedAt: Date | null;
};

export async function listMemberWaitingPayouts(
  db: Queryable,
  memberId: string,
  decidedSince: Date,
): Promise<WaitingPayoutRow[]> {
  const rows = await db
    .selectFrom('withdrawals')
    .select([
      'id',
      'transfer_id',
      'amount',
      'currency',
      'status',
      'created_at',
      'decided_at',
      'updated_at',
    ])
    .where('member_id', '=', memberId)
    .where((eb) =>
      eb.or([
        eb('status', '=', 'pending_approval'),
        eb.and([eb('decided_by', 'is not', null), eb('updated_at', '>=', decidedSince)]),
      ]),
    )
    .execute();
  return rows.map((r) => ({
    id: r.id,
    transferId: r.transfer_id,
    amountMinor: BigInt(r.amount),
    currency: r.currency,
    state:
      r.status === 'pending_approval'
        ? 'waiting'
        : r.status === 'processing'
          ? 'sending'
          : r.status === 'succeeded'
            ? 'paid'
            : 'refused',
    createdAt: r.created_at,
    decidedAt: r.status === 'pending_approval' ? null : (r.decided_at ?? r.updated_at),
  }));
}

/** Decided at and created at of the last `limit` withdrawals an operator decided, newest first. */
export async function listRecentPayoutDecisions(
  db: Queryable,
  limit: number,
): Promise<{ decidedAt: Date; since: Date }[]> {
  const rows = await db
    .selectFrom('withdrawals')
    .select(['created_at', 'decided_at'])
    .where('decided_by', 'is not', null)
    .where('decided_at', 'is not', null)
    .orderBy('decided_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ decidedAt: r.decided_at as Date, since: r.created_at }));
}
