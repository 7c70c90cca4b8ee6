import type { LedgerCurrency } from '@mekong/contracts/constants';
import { sql } from 'kysely';
import type { Queryable, Trx } from '@/db/database.ts';
import { toDomainRow } from '@/db/domain-row.ts';
import { readPage, type PageWindow } from '@/db/paged.ts';
import { sumAmount } from '@/db/sum-amount.ts';

/** The refund module's table: refund_claims, one per member and week (docs/decisions/0013-promotions.md). */

export type RefundClaim = {
  id: string;
  weekStart: Date;
  amountMinor: bigint;
  transferId: string;
  createdAt: Date;
};

/** Claims the member's week; false when it was claimed already (unique (member_id, week_start)). */
export async function insertClaim(
  trx: Trx,
  claim: {
    id: string;
    memberId: string;
    weekStart: Date;
    amountMinor: bigint;
    currency: LedgerCurrency;
    transferId: string;
    now: Date;
  },
): Promise<boolean> {
  const rows = await trx
    .insertInto('refund_claims')
    .values({
      id: claim.id,
      member_id: claim.memberId,
      week_start: claim.weekStart,
      amount: claim.amountMinor,
      currency: claim.currency,
      transfer_id: claim.transferId,
      created_at: claim.now,
    })
    .onConflict((oc) => oc.constraint('refund_claims_member_week_key').doNothing())
    .returning('id')
    .execute();
  return rows.length === 1;
}

/** The weeks (their start times) the member claimed since `from`. */
export async function listClaimedWeeks(
  db: Queryable,
  memberId: string,
  from: Date,
): Promise<Set<number>> {
  const rows = await db
    .selectFrom('refund_claims')
    .select('week_start')
    .where('member_id', '=', memberId)
    .where('week_start', '>=', from)
    .execute();
  return new Set(rows.map((r) => r.week_start.getTime()));
}

/** Everything the member received. */
export function sumClaims(db: Queryable, memberId: string): Promise<bigint> {
  return sumAmount(db.selectFrom('refund_claims').where('member_id', '=', memberId));
}

/** One page of the member's claims, newest first, and how many there are. */
export async function listClaims(
  db: Queryable,
  memberId: string,
  page: PageWindow,
): Promise<{ total: number; claims: RefundClaim[] }> {
  const { total, rows } = await readPage(
    db.selectFrom('refund_claims').where('member_id', '=', memberId),
    (base) =>
      base
        .select([
          'id',
          'week_start',
          sql<string>`amount::text`.as('amount'),
          'transfer_id',
          'created_at',
        ])
        .orderBy('week_start', 'desc'),
    page,
  );
  return { total, claims: rows.map((r) => toDomainRow(r)) };
}
