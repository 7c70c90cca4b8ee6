import { DAY_MS, playerWeekday, startOfPlayerDay } from '@/lib/player-time.ts';

/**
 * The refund's weeks (docs/decisions/0013-promotions.md#refund-of-losses): Monday 00:00 to the next Monday 00:00 in
 * the players' time (Asia/Bangkok, UTC+7 all year), so a bet on Sunday 23:59 there belongs to the week it ends.
 */

export const WEEK_MS = 7 * DAY_MS;

export type RefundWeek = { start: Date; end: Date };

/** Monday 00:00 (players' time) of the week containing `now`. */
export function startOfPlayerWeek(now: Date): Date {
  const day = startOfPlayerDay(now);
  const sinceMonday = (playerWeekday(now) + 6) % 7;
  return new Date(day.getTime() - sinceMonday * DAY_MS);
}

/** The last finished week: the one before the week containing `now`. */
export function lastFinishedWeek(now: Date): RefundWeek {
  const end = startOfPlayerWeek(now);
  return { start: new Date(end.getTime() - WEEK_MS), end };
}

/** The week starting `weeksBack` weeks before `week`. */
export function weekBefore(week: RefundWeek, weeksBack: number): RefundWeek {
  const shift = weeksBack * WEEK_MS;
  return {
    start: new Date(week.start.getTime() - shift),
    end: new Date(week.end.getTime() - shift),
  };
}
