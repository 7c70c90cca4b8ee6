import { PLAYER_UTC_OFFSET_MS } from '@mekong/contracts/constants';

/**
 * The players' clock: Asia/Bangkok (and Vientiane), UTC+7 all year with no daylight saving. Daily limits, the
 * operator's daily windows, the refund's weeks and the reports' days are counted in it, whatever the server's own
 * zone. The one place on the server that knows the offset.
 */
export const DAY_MS = 24 * 60 * 60 * 1000;

/** The players' day `now` falls on, as the number of days since 1970-01-01 (what playerDayOf answers in SQL). */
export function playerDayNumber(now: Date): number {
  return Math.floor((now.getTime() + PLAYER_UTC_OFFSET_MS) / DAY_MS);
}

/** The instant the players' day `n` begins (00:00 in Bangkok, 17:00 UTC the day before). */
export function playerDayStart(n: number): Date {
  return new Date(n * DAY_MS - PLAYER_UTC_OFFSET_MS);
}

/** The start of the players' calendar day containing `now`: the window of the daily withdrawal limits. */
export function startOfPlayerDay(now: Date): Date {
  return playerDayStart(playerDayNumber(now));
}

/** The players' calendar date at `now`, YYYY-MM-DD. */
export function playerDate(now: Date): string {
  return new Date(now.getTime() + PLAYER_UTC_OFFSET_MS).toISOString().slice(0, 10);
}

/** The weekday of the players' date at `now`: 0 Sunday … 6 Saturday. */
export function playerWeekday(now: Date): number {
  return new Date(now.getTime() + PLAYER_UTC_OFFSET_MS).getUTCDay();
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Whether `now` falls in a daily window [from, to) (HH:mm) of the players' day; the window may wrap past midnight. */
export function isInDailyWindow(now: Date, from: string, to: string): boolean {
  const sinceMidnightMs = now.getTime() + PLAYER_UTC_OFFSET_MS - playerDayNumber(now) * DAY_MS;
  const current = Math.floor(sinceMidnightMs / 60_000);
  const start = minutesOf(from);
  const end = minutesOf(to);
  if (start === end) return false;
  return start < end ? current >= start && current < end : current >= start || current < end;
}
