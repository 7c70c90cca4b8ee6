import type { AppDeps } from '@/app-deps.ts';
import type { Queryable, Trx } from '@/db/database.ts';
import { AppError } from '@/lib/app-error.ts';
import { withdrawBonusHooks } from '@/modules/bonus/bonus.service.ts';
import { stakesSince } from '@/modules/games/game-bets.service.ts';
import { getMemberBalances } from '@/modules/ledger/ledger.service.ts';
import {
  listOpenPrizeTurnovers,
  markPrizeTurnoversMet,
} from '@/modules/spinwheel/spinwheel.repository.ts';
import type { WithdrawBonusHooks } from '@/modules/withdrawal/withdrawal-hooks.ts';

/**
 * The turnover of a wheel cash prize (docs/decisions/0013-promotions.md#earned-by-play): a claimed cash prize stays
 * in the member's cash but cannot leave by a withdrawal until the member has staked its target (setting
 * promotionGuards.prizeTurnoverMultiplier × the prize, fixed at the claim). The open prizes are judged together: their
 * targets add up and the stakes count from the oldest open claim, so one stake never meets two prizes.
 */

export type PrizeLock = {
  /** Prize money that may not be withdrawn yet. */
  lockedMinor: bigint;
  /** Stakes still needed. */
  toPlayMinor: bigint;
  /** The open prizes, and whether their turnover is met by now. */
  openIds: string[];
  isMet: boolean;
};

export async function prizeLockOf(db: Queryable, memberId: string): Promise<PrizeLock> {
  const open = await listOpenPrizeTurnovers(db, memberId);
  const [first] = open;
  if (!first) return { lockedMinor: 0n, toPlayMinor: 0n, openIds: [], isMet: true };
  const targetMinor = open.reduce((sum, p) => sum + p.targetMinor, 0n);
  const staked = await stakesSince(db, memberId, first.claimedAt);
  const openIds = open.map((p) => p.id);
  if (staked >= targetMinor) return { lockedMinor: 0n, toPlayMinor: 0n, openIds, isMet: true };
  return {
    lockedMinor: open.reduce((sum, p) => sum + p.amountMinor, 0n),
    toPlayMinor: targetMinor - staked,
    openIds,
    isMet: false,
  };
}

/**
 * Marks the open prizes met when they are (before a new prize opens, so the stakes that met them count for no
 * other); the caller holds the member's spin-state lock.
 */
export async function settlePrizeTurnovers(trx: Trx, memberId: string, now: Date): Promise<void> {
  const lock = await prizeLockOf(trx, memberId);
  if (lock.isMet) await markPrizeTurnoversMet(trx, lock.openIds, now);
}

/** A withdrawal may take everything but the prize money still locked: PRIZE_TURNOVER. */
export async function assertPrizeWithdrawable(
  db: Queryable,
  memberId: string,
  amountMinor: bigint,
): Promise<void> {
  const lock = await prizeLockOf(db, memberId);
  if (lock.lockedMinor <= 0n) return;
  const b = await getMemberBalances(db, memberId);
  const total = Object.values(b.games).reduce((sum, g) => sum + g, b.cash);
  if (amountMinor > total - lock.lockedMinor) throw new AppError('PRIZE_TURNOVER');
}

/**
 * The withdrawal's promotion hooks: the bonus engine's, then the prize turnover (refused before money moves, and
 * again under the member's lock in the withdrawal's transaction).
 */
export function withdrawPromotionHooks(deps: Pick<AppDeps, 'db' | 'clock'>): WithdrawBonusHooks {
  const { db } = deps;
  const bonus = withdrawBonusHooks(deps);
  return {
    async assertAllowed(memberId, amountMinor) {
      await bonus.assertAllowed(memberId, amountMinor);
      await assertPrizeWithdrawable(db.kysely, memberId, amountMinor);
    },
    async settle(trx, input) {
      await assertPrizeWithdrawable(trx, input.memberId, input.amountMinor);
      return bonus.settle(trx, input);
    },
    requestedOf: bonus.requestedOf,
  };
}
