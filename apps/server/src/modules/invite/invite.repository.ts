import type { LedgerCurrency } from '@mekong/contracts/constants';
import { sql } from 'kysely';
import type { Queryable, Trx } from '@/db/database.ts';
import { sumAmount } from '@/db/sum-amount.ts';

/** The invite module's tables: invite_accruals and invite_collections (docs/decisions/0013-promotions.md#invite). */

/** Records one deposit's commission; false when that deposit already accrued (unique per deposit transfer). */
export async function insertAccrual(
  trx: Trx,
  accrual: {
    id: string;
    inviterId: string;
    inviteeId: string;
    depositTransferId: string;
    amountMinor: bigint;
    currency: LedgerCurrency;
    now: Date;
  },
): Promise<boolean> {
  const rows = await trx
    .insertInto('invite_accruals')
    .values({
      id: accrual.id,
      member_id: accrual.inviterId,
      invitee_id: accrual.inviteeId,
      deposit_transfer_id: accrual.depositTransferId,
      amount: accrual.amountMinor,
      currency: accrual.currency,
      collection_id: null,
      created_at: accrual.now,
    })
    .onConflict((oc) => oc.constraint('invite_accruals_deposit_key').doNothing())
    .returning('id')
    .execute();
  return rows.length === 1;
}

/**
 * Locks the member's uncollected accruals (in id order, so two collects cannot deadlock) and answers their ids and
 * sum. A collect waiting on these locks re-reads the rows after the first commits and finds them collected.
 */
export async function lockUncollected(
  trx: Trx,
  memberId: string,
): Promise<{ ids: string[]; amountMinor: bigint }> {
  const rows = await trx
    .selectFrom('invite_accruals')
    .select(['id', sql<string>`amount::text`.as('amount')])
    .where('member_id', '=', memberId)
    .where('collection_id', 'is', null)
    .orderBy('id')
    .forUpdate()
    .execute();
  return {
    ids: rows.map((r) => r.id),
    amountMinor: rows.reduce((sum, r) => sum + BigInt(r.amount), 0n),
  };
}

export async function insertCollection(
  trx: Trx,
  collection: {
    id: string;
    memberId: string;
    amountMinor: bigint;
    currency: LedgerCurrency;
    transferId: string;
    now: Date;
  },
): Promise<void> {
  await trx
    .insertInto('invite_collections')
    .values({
      id: collection.id,
      member_id: collection.memberId,
      amount: collection.amountMinor,
      currency: collection.currency,
      transfer_id: collection.transferId,
      created_at: collection.now,
    })
    .execute();
}

export async function markCollected(trx: Trx, ids: string[], collectionId: string): Promise<void> {
  if (ids.length === 0) return;
  await trx
    .updateTable('invite_accruals')
    .set({ collection_id: collectionId })
    .where('id', 'in', ids)
    .where('collection_id', 'is', null)
    .execute();
}

/** Accrued and not yet collected. */
export function sumUncollected(db: Queryable, memberId: string): Promise<bigint> {
  return sumAmount(
    db
      .selectFrom('invite_accruals')
      .where('member_id', '=', memberId)
      .where('collection_id', 'is', null),
  );
}

/** Everything the member earned from each of the given invitees (collected or not). */
export async function sumEarnedByInvitee(
  db: Queryable,
  memberId: string,
  inviteeIds: readonly string[],
): Promise<Map<string, bigint>> {
  if (inviteeIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('invite_accruals')
    .select(['invitee_id', sql<string>`sum(amount)::text`.as('total')])
    .where('member_id', '=', memberId)
    .where('invitee_id', 'in', [...inviteeIds])
    .groupBy('invitee_id')
    .execute();
  return new Map(rows.map((r) => [r.invitee_id, BigInt(r.total)]));
}
