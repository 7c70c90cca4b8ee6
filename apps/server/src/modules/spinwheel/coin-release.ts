import { randomUUID } from 'node:crypto';
import type { Db, Trx } from '@/db/database.ts';
import { guardsOf, isDepositPlayed } from '@/modules/promotion-play/deposit-play.ts';
import { newServerSeed, seedHashOf } from '@/modules/spinwheel/fair-draw.ts';
import {
  listWaitingCoins,
  markCoinsReleased,
  sumWaitingCoins,
} from '@/modules/spinwheel/spin-coin-pending.repository.ts';
import { addDepositCoins } from '@/modules/spinwheel/spinwheel.repository.ts';

/**
 * Coins earned by play (docs/decisions/0013-promotions.md#earned-by-play): a deposit's coins wait in
 * spin_coin_pending until the deposit is played, then become the deposit's coin move (unique per deposit transfer),
 * once. Nothing is ever taken back: coins are not money, and a coin given is a coin that may have been spun already.
 */

function freshSeed() {
  const serverSeed = newServerSeed();
  return { serverSeed, seedHash: seedHashOf(serverSeed) };
}

/** Adds the coins of every waiting deposit of the member that is now played; answers how many were added. */
export async function releasePlayedCoins(
  trx: Trx,
  memberId: string,
  now: Date,
  options: { exceptDeposit?: string } = {},
): Promise<number> {
  const waiting = await listWaitingCoins(trx, memberId);
  if (waiting.length === 0) return 0;
  const { depositPlayMultiplier } = await guardsOf(trx);
  let added = 0;
  for (const row of waiting) {
    const isPlayed = await isDepositPlayed(trx, {
      memberId,
      depositAt: row.depositAt,
      multiplier: depositPlayMultiplier,
      ...options,
    });
    if (!isPlayed || !(await markCoinsReleased(trx, row.depositTransferId, now))) continue;
    const isAdded = await addDepositCoins(
      trx,
      {
        id: randomUUID(),
        memberId,
        coins: row.coins,
        depositTransferId: row.depositTransferId,
        now,
      },
      freshSeed(),
    );
    if (isAdded) added += row.coins;
  }
  return added;
}

/** Releases what is played (its own short transaction) and answers the coins still waiting. */
export async function settleWaitingCoins(db: Db, memberId: string, now: Date): Promise<number> {
  if ((await sumWaitingCoins(db.kysely, memberId)) === 0) return 0;
  await db.withTransaction((trx) => releasePlayedCoins(trx, memberId, now));
  return sumWaitingCoins(db.kysely, memberId);
}
