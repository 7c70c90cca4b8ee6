import type { Bonus, BonusType } from '@mekong/contracts/bonus';
import { playerDayKey, playerParts, previousDayKey } from '@/lib/format';

/** The players' ISO week (Monday first) of a moment, as the Monday's YYYY-MM-DD; '' when unreadable. */
function playerWeekKey(value: string | number | Date): string {
  const parts = playerParts(value);
  if (!parts) return '';
  let day = playerDayKey(value);
  // weekday: 0 Sunday … 6 Saturday; days back to Monday.
  for (let back = (parts.weekday + 6) % 7; back > 0; back -= 1) day = previousDayKey(day);
  return day;
}

/**
 * Spec §4: the receipts that count against maxReceived: all of them for `limit`, those updated today for `day`, this
 * week for `week`, days and weeks in Asia/Bangkok (docs/design.md#player-time).
 */
export function receivedCount(type: BonusType, received: readonly { updatedAt: string }[], now: Date): number {
  if (type === 'limit') return received.length;
  const periodOf = type === 'day' ? playerDayKey : playerWeekKey;
  const current = periodOf(now);
  return received.filter((receipt) => periodOf(receipt.updatedAt) === current).length;
}

/** Spec §4: a card is exhausted (shown "received", not clickable) when the count reaches maxReceived. */
export function isExhausted(bonus: Pick<Bonus, 'type' | 'maxReceived' | 'userBonus'>, now: Date): boolean {
  return receivedCount(bonus.type, bonus.userBonus?.received ?? [], now) >= bonus.maxReceived;
}

/** Spec §7: the notice text with %percentFail% replaced by the bonus's percentFail. */
export function fillPercentFail(text: string, percentFail: number): string {
  return text.replaceAll('%percentFail%', String(percentFail));
}
