/** Asia/Bangkok (and Vientiane), the players' time zone (DESIGN D12), is UTC+7 all year: no daylight saving. */
const PLAYER_OFFSET_MS = 7 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The start of the players' calendar day containing `now`: the window of the daily withdrawal limits. */
export function startOfPlayerDay(now: Date): Date {
  const local = now.getTime() + PLAYER_OFFSET_MS;
  return new Date(local - (((local % DAY_MS) + DAY_MS) % DAY_MS) - PLAYER_OFFSET_MS);
}
