import { playerDate } from '@/lib/player-time.ts';

/**
 * The version of a newly published agreement: the players' date, and `.2`, `.3`… for further versions the same day, so
 * it always differs from the version before it and tells the operator when it was published.
 */
export function nextAgreementVersion(previous: string | undefined, now: Date): string {
  const date = playerDate(now);
  if (previous === date) return `${date}.2`;
  if (previous === undefined || !previous.startsWith(`${date}.`)) return date;
  const count = Number(previous.slice(date.length + 1));
  return `${date}.${Number.isInteger(count) && count > 1 ? count + 1 : 2}`;
}
