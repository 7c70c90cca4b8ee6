import type { Queryable } from '@/db/database.ts';
import { stakesSince } from '@/modules/games/game-bets.service.ts';
import { sumPostedDepositsSince } from '@/modules/ledger/ledger.repository.ts';
import { findSetting } from '@/modules/settings/settings.repository.ts';
import { settingDefaults, type SettingValue } from '@/modules/settings/settings.schema.ts';

/**
 * Promotions earned by play (docs/decisions/0013-promotions.md#earned-by-play): the rule that says a deposit has been
 * played, shared by the prize wheel's coins and the invite commission, and the turnover a wheel cash prize asks.
 */

export type PromotionGuards = SettingValue<'promotionGuards'>;

/** The operator's guards, read afresh on every check (the safe defaults when never saved). */
export async function guardsOf(db: Queryable): Promise<PromotionGuards> {
  const saved = await findSetting(db, 'promotionGuards');
  const fallback = settingDefaults.promotionGuards;
  if (saved) return saved;
  if (!fallback) throw new Error('setting promotionGuards has no default');
  return fallback;
}

/** multiplier × amount, the multiplier read to two decimals, rounded up to the minor unit (never below the rule). */
export function timesMultiplier(amountMinor: bigint, multiplier: number): bigint {
  const hundredths = BigInt(Math.round(multiplier * 100));
  return (amountMinor * hundredths + 99n) / 100n;
}

/**
 * A deposit credited at `depositAt` is played when the member's stakes placed since then reach multiplier × every
 * deposit credited since then (itself and the later ones): each stake counts once against the money paid in after
 * it, so one round of play cannot release several deposits, and play before a deposit never releases it.
 * `exceptDeposit` leaves out the deposit being credited right now, when the older ones are judged first. A multiplier
 * of 0 switches the condition off.
 */
export async function isDepositPlayed(
  db: Queryable,
  input: { memberId: string; depositAt: Date; multiplier: number; exceptDeposit?: string },
): Promise<boolean> {
  if (!(input.multiplier > 0)) return true;
  // One after the other: `db` may be a transaction, one connection.
  const deposited = await sumPostedDepositsSince(
    db,
    input.memberId,
    input.depositAt,
    input.exceptDeposit,
  );
  const staked = await stakesSince(db, input.memberId, input.depositAt);
  return staked >= timesMultiplier(deposited, input.multiplier);
}
