import { PLAYER_TIME_ZONE } from '@mekong/contracts/constants';

/**
 * The players' clock: Asia/Bangkok (and Vientiane), UTC+7 all year with no daylight saving. Daily limits and the
 * operator's daily windows are counted in it, whatever the server's own zone.
 */
const PLAYER_OFFSET_MS = 7 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The start of the players' calendar day containing `now`: the window of the daily withdrawal limits. */
export function startOfPlayerDay(now: Date): Date {
  const local = now.getTime() + PLAYER_OFFSET_MS;
  return new Date(local - (((local % DAY_MS) + DAY_MS) % DAY_MS) - PLAYER_OFFSET_MS);
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Whether `now` falls in a daily window [from, to) (HH:mm) of the players' day; the window may wrap past midnight. */
export function isInDailyWindow(now: Date, from: string, to: string): boolean {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: PLAYER_TIME_ZONE,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const hour = Number(parts.find((p) => p.type === 'hour')?.value);
  const minute = Number(parts.find((p) => p.type === 'minute')?.value);
  const current = hour * 60 + minute;
  const start = minutesOf(from);
  const end = minutesOf(to);
  if (start === end) return false;
  return start < end ? current >= start && current < end : current >= start || current < end;
}
