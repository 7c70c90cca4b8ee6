import type { Queryable } from '@/db/database.ts';

/**
 * The member's held money in (docs/decisions/0025-waiting-money.md): QR payments and gift vouchers held for an
 * operator, and deposit notices waiting for one; each while it waits and once decided, for the member to be told.
 */

export type WaitingCreditRow = {
  id: string;
  channel: 'qr' | 'truemoney' | 'manual';
  amountMinor: bigint;
  currency: string;
  reference: string | null;
  state: 'waiting' | 'credited' | 'refused';
  createdAt: Date;
  decidedAt: Date | null;
};

/** Held (or decided by an operator since `decidedSince`) QR payments, vouchers and notices of one member. */
export async function listMemberWaitingCredits(
  db: Queryable,
  memberId: string,
  decidedSince: Date,
): Promise<WaitingCreditRow[]> {
  const [qrs, vouchers, notices] = await Promise.all([
    db
      .selectFrom('qr_payments')
      .select([
        'id',
        'paid_amount',
        'currency',
        'reference',
        'status',
        'paid_at',
        'created_at',
        'decided_at',
      ])
      .where('member_id', '=', memberId)
      // Held while the gateway's notice has not come: the amount is not known yet, so nothing true can be shown.
      .where('paid_amount', 'is not', null)
      .where((eb) =>
        eb.or([
          eb('status', '=', 'held'),
          eb.and([eb('decided_by', 'is not', null), eb('decided_at', '>=', decidedSince)]),
        ]),
      )
      .execute(),
    db
      .selectFrom('truemoney_vouchers')
      .select(['id', 'amount', 'status', 'created_at', 'decided_at'])
      .where('member_id', '=', memberId)
      .where('amount', 'is not', null)
      .where((eb) =>
        eb.or([
          eb('status', '=', 'held'),
          eb.and([eb('decided_by', 'is not', null), eb('decided_at', '>=', decidedSince)]),
        ]),
      )
      .execute(),
    db
      .selectFrom('deposit_notices')
      .select(['id', 'amount', 'currency', 'status', 'created_at', 'updated_at'])
      .where('member_id', '=', memberId)
      .where((eb) => eb.or([eb('status', '=', 'pending'), eb('updated_at', '>=', decidedSince)]))
      .execute(),
  ]);
  return [
    ...qrs.map((r): WaitingCreditRow => ({
      id: r.id,
      channel: 'qr',
      amountMinor: BigInt(r.paid_amount ?? 0),
      currency: r.currency,
      reference: r.reference,
      state: r.status === 'held' ? 'waiting' : r.status === 'paid' ? 'credited' : 'refused',
      createdAt: r.paid_at ?? r.created_at,
      decidedAt: r.status === 'held' ? null : r.decided_at,
    })),
    ...vouchers.map((r): WaitingCreditRow => ({
      id: r.id,
      channel: 'truemoney',
      amountMinor: BigInt(r.amount ?? 0),
      currency: 'THB',
      reference: null,
      state: r.status === 'held' ? 'waiting' : r.status === 'credited' ? 'credited' : 'refused',
      createdAt: r.created_at,
      decidedAt: r.status === 'held' ? null : r.decided_at,
    })),
    ...notices.map((r): WaitingCreditRow => ({
      id: r.id,
      channel: 'manual',
      amountMinor: BigInt(r.amount),
      currency: r.currency,
      reference: null,
      state: r.status === 'pending' ? 'waiting' : r.status === 'rejected' ? 'refused' : 'credited',
      createdAt: r.created_at,
      decidedAt: r.status === 'pending' ? null : r.updated_at,
    })),
  ];
}

/** Arrived and decided at, of the last `limit` operator decisions in a table of held money that waits from arrival. */
function lastDecided(db: Queryable, table: 'truemoney_vouchers' | 'deposit_notices', limit: number) {
  return db
    .selectFrom(table)
    .select(['created_at', 'decided_at'])
    .where('decided_by', 'is not', null)
    .where('decided_at', 'is not', null)
    .orderBy('decided_at', 'desc')
    .limit(limit)
    .execute();
}

/** Decided at and waited since, of the last `limit` operator decisions on held money in, newest first. */
export async function listRecentCreditDecisions(
  db: Queryable,
  limit: number,
): Promise<{ decidedAt: Date; since: Date }[]> {
  const [qrs, vouchers, notices] = await Promise.all([
    db
      .selectFrom('qr_payments')
      .select(['paid_at', 'created_at', 'decided_at'])
      .where('decided_by', 'is not', null)
      .where('decided_at', 'is not', null)
      .orderBy('decided_at', 'desc')
      .limit(limit)
      .execute(),
    lastDecided(db, 'truemoney_vouchers', limit),
    lastDecided(db, 'deposit_notices', limit),
  ]);
  return [
    ...qrs.map((r) => ({ decidedAt: r.decided_at as Date, since: r.paid_at ?? r.created_at })),
    ...vouchers.map((r) => ({ decidedAt: r.decided_at as Date, since: r.created_at })),
    ...notices.map((r) => ({ decidedAt: r.decided_at as Date, since: r.created_at })),
  ];
}
