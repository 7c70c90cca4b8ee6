import type { LedgerCurrency } from '@mekong/contracts/constants';
import { sql } from 'kysely';
import type { Queryable, Trx } from '@/db/database.ts';

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
    depositMinor: bigint;
    currency: LedgerCurrency;
    isPlayed: boolean;
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
      deposit_amount: accrual.depositMinor,
      played_at: accrual.isPlayed ? accrual.now : null,
    })
    .onConflict((oc) => oc.constraint('invite_accruals_deposit_key').doNothing())
    .returning('id')
    .execute();
  return rows.length === 1;
}

/** An invitee whose review is held or refused: their accruals are not collectable. */
const isHeldOrRefused = sql<boolean>`exists (select 1 from invite_reviews r
  where r.invitee_id = invite_accruals.invitee_id and r.status in ('held', 'refused'))`;
const isHeld = sql<boolean>`exists (select 1 from invite_reviews r
  where r.invitee_id = invite_accruals.invitee_id and r.status = 'held')`;

/**
 * Locks the member's collectable accruals (uncollected, their deposit played, their invitee not held or refused) (in id order, so two collects cannot deadlock) and answers their ids and
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
    .where('played_at', 'is not', null)
    .where(sql<boolean>`not ${isHeldOrRefused}`)
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

export type UncollectedSums = { collectableMinor: bigint; waitingMinor: bigint; heldMinor: bigint };

/**
 * Accrued and not yet collected, by state: collectable, waiting for the invitee's deposit to be played, held for
 * review (a refused invitee's commission is none of these: it is never paid).
 */
export async function sumUncollected(db: Queryable, memberId: string): Promise<UncollectedSums> {
  const row = await db
    .selectFrom('invite_accruals')
    .select([
      sql<string>`coalesce(sum(amount) filter (where played_at is not null and not ${isHeldOrRefused}), 0)::text`.as(
        'collectable',
      ),
      sql<string>`coalesce(sum(amount) filter (where played_at is null and not ${isHeldOrRefused}), 0)::text`.as(
        'waiting',
      ),
      sql<string>`coalesce(sum(amount) filter (where ${isHeld}), 0)::text`.as('held'),
    ])
    .where('member_id', '=', memberId)
    .where('collection_id', 'is', null)
    .executeTakeFirst();
  return {
    collectableMinor: BigInt(row?.collectable ?? '0'),
    waitingMinor: BigInt(row?.waiting ?? '0'),
    heldMinor: BigInt(row?.held ?? '0'),
  };
}

/** The member's uncollected accruals whose deposit is not yet played, oldest first. */
export async function listUnplayed(
  db: Queryable,
  memberId: string,
): Promise<{ id: string; inviteeId: string; depositAt: Date }[]> {
  const rows = await db
    .selectFrom('invite_accruals')
    .select(['id', 'invitee_id', 'created_at'])
    .where('member_id', '=', memberId)
    .where('collection_id', 'is', null)
    .where('played_at', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: r.id, inviteeId: r.invitee_id, depositAt: r.created_at }));
}

export async function markPlayed(trx: Trx, id: string, now: Date): Promise<void> {
  await trx
    .updateTable('invite_accruals')
    .set({ played_at: now })
    .where('id', '=', id)
    .where('played_at', 'is', null)
    .execute();
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
