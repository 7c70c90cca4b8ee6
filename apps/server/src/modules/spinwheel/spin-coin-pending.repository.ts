import { sql } from 'kysely';
import type { Queryable, Trx } from '@/db/database.ts';

/** spin_coin_pending (spinwheel module): a deposit's coins waiting until it is played. */

export type WaitingCoins = { depositTransferId: string; coins: number; depositAt: Date };

/** Records a deposit's coins as waiting; false when that deposit already has its row (a replay adds none). */
export async function insertWaitingCoins(
  trx: Trx,
  row: { memberId: string; depositTransferId: string; coins: number; depositAt: Date },
): Promise<boolean> {
  const inserted = await trx
    .insertInto('spin_coin_pending')
    .values({
      deposit_transfer_id: row.depositTransferId,
      member_id: row.memberId,
      coins: row.coins,
      deposit_at: row.depositAt,
    })
    .onConflict((oc) => oc.column('deposit_transfer_id').doNothing())
    .returning('deposit_transfer_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** The member's coins still waiting, oldest deposit first. */
export async function listWaitingCoins(db: Queryable, memberId: string): Promise<WaitingCoins[]> {
  const rows = await db
    .selectFrom('spin_coin_pending')
    .select(['deposit_transfer_id', 'coins', 'deposit_at'])
    .where('member_id', '=', memberId)
    .where('released_at', 'is', null)
    .orderBy('deposit_at')
    .orderBy('deposit_transfer_id')
    .execute();
  return rows.map((r) => ({
    depositTransferId: r.deposit_transfer_id,
    coins: r.coins,
    depositAt: r.deposit_at,
  }));
}

/** Σ coins still waiting. */
export async function sumWaitingCoins(db: Queryable, memberId: string): Promise<number> {
  const row = await db
    .selectFrom('spin_coin_pending')
    .select(sql<string>`coalesce(sum(coins), 0)::text`.as('total'))
    .where('member_id', '=', memberId)
    .where('released_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

/** Marks the row released, only while it waits: of parallel releases one adds the coins. */
export async function markCoinsReleased(
  trx: Trx,
  depositTransferId: string,
  now: Date,
): Promise<boolean> {
  const row = await trx
    .updateTable('spin_coin_pending')
    .set({ released_at: now })
    .where('deposit_transfer_id', '=', depositTransferId)
    .where('released_at', 'is', null)
    .returning('deposit_transfer_id')
    .executeTakeFirst();
  return row !== undefined;
}
