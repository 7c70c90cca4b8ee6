import type { BonusType } from '@mekong/contracts/bonus';
import { DAY_MS, playerDayNumber } from '@/lib/player-time.ts';
import type { BonusRow } from '@/modules/bonus/bonus-catalogue.repository.ts';

/** The bonus engine's arithmetic (docs/decisions/0013-promotions.md#bonus): integers only, floors. */

/** The players' calendar date of `now` (Asia/Bangkok), as a UTC midnight Date. */
function playerDate(now: Date): Date {
  return new Date(playerDayNumber(now) * DAY_MS);
}

/** The ISO week `YYYY-Www` (Monday first) of a UTC-midnight date. */
function isoWeek(date: Date): string {
  const weekday = (date.getUTCDay() + 6) % 7;
  const thursday = new Date(date.getTime() + (3 - weekday) * DAY_MS);
  const year = thursday.getUTCFullYear();
  const firstThursday = new Date(Date.UTC(year, 0, 4));
  const firstMonday = firstThursday.getTime() - ((firstThursday.getUTCDay() + 6) % 7) * DAY_MS;
  const week = Math.floor((thursday.getTime() - firstMonday) / (7 * DAY_MS)) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** The receipt period a bonus is counted in: `all` (limit), the players' date (day) or their ISO week (week). */
export function receiptPeriod(type: BonusType, now: Date): string {
  if (type === 'limit') return 'all';
  const date = playerDate(now);
  return type === 'day' ? date.toISOString().slice(0, 10) : isoWeek(date);
}

/** The slot's period without its `#n`. */
export const periodOf = (slot: string) => slot.slice(0, slot.lastIndexOf('#'));

/** The bonus credited for a deposit: percent of it (floor) at most maxBonus, or the fixed maxBonus. */
export function bonusAmount(bonus: BonusRow, depositMinor: bigint): bigint {
  if (bonus.amountKind === 'fixed' || bonus.percentX100 === null) return bonus.maxBonusMinor;
  const amount = (depositMinor * bonus.percentX100) / 10_000n;
  return amount < bonus.maxBonusMinor ? amount : bonus.maxBonusMinor;
}

/** Whether the bonus needs a qualifying deposit: every percent bonus, and a fixed one with a minimum. */
export const isDepositNeeded = (bonus: BonusRow) =>
  bonus.amountKind === 'percent' || bonus.minDepositMinor > 0n;

/** The release target: multiplier × start amount (floor). */
export const releaseTarget = (multiplierX100: bigint, startMinor: bigint) =>
  (startMinor * multiplierX100) / 100n;

/** Below this total the bonus is lost: percentFail % of the start amount (floor). */
export const failBelow = (percentFailX100: bigint, startMinor: bigint) =>
  (startMinor * percentFailX100) / 10_000n;

/** Progress in percent, 0–100, floor. */
export function progressPercent(current: bigint, target: bigint): number {
  if (target <= 0n || current >= target) return 100;
  if (current <= 0n) return 0;
  return Number((current * 100n) / target);
}

export const expiryOf = (start: Date, validDays: number) =>
  new Date(start.getTime() + validDays * DAY_MS);

/**
 * The forfeit of a cancel or an expiry, from the bonus account first, then cash: the larger of what came back from
 * the games (at most the cash) plus the bonus account, and the bonus granted (not released while it runs), never
 * more than the member holds (cash + bonus account, the games being empty).
 */
export function endForfeit(input: {
  backMinor: bigint;
  cashMinor: bigint;
  bonusAccountMinor: bigint;
  grantedMinor: bigint;
}): { fromBonus: bigint; fromCash: bigint } {
  const { backMinor, cashMinor, bonusAccountMinor, grantedMinor } = input;
  const held = cashMinor + bonusAccountMinor;
  const byBack = (backMinor < cashMinor ? backMinor : cashMinor) + bonusAccountMinor;
  const byGrant = grantedMinor < held ? grantedMinor : held;
  const total = byBack > byGrant ? byBack : byGrant;
  const fromBonus = total < bonusAccountMinor ? total : bonusAccountMinor;
  return { fromBonus, fromCash: total - fromBonus };
}
