import type { TFunction } from 'i18next';
import { isApiError } from '@/lib/api-client';
import { playerParts } from '@/lib/format';
import { currentLocale } from '@/lib/i18n';
import { defaultEraOf } from '@/lib/date-era-default';

/** The limits a member can wait out (docs/decisions/0009-account-security.md#retry-time). */
const LIMIT_CODES = new Set(['REQUEST_LIMIT', 'REQUEST_LIMIT_1MIN']);

/** True for a refusal because a limit was reached: the member is told when to try again and where to get help. */
export function isLimitError(error: unknown): boolean {
  return isApiError(error) && LIMIT_CODES.has(error.code);
}

const MINUTE_MS = 60_000;

/**
 * "Try again at 14:30" in the member's words, or null when the answer carried no time. The minute is rounded up, so
 * the time shown is never before the limit ends; another day than today adds the date (DD/MM/YYYY, the language's era).
 */
export function retryTimeText(t: TFunction, error: unknown, now = Date.now()): string | null {
  if (!isLimitError(error) || !isApiError(error) || error.retryAt === null) return null;
  const at = Math.ceil(error.retryAt.getTime() / MINUTE_MS) * MINUTE_MS;
  const era = defaultEraOf(currentLocale());
  const when = playerParts(at, { era });
  const today = playerParts(now, { era });
  if (!when || !today) return null;
  const time = `${when.hour}:${when.minute}`;
  const isToday = when.day === today.day && when.month === today.month && when.year === today.year;
  if (isToday) return t('limit.tryAt', { time });
  return t('limit.tryOn', { time, date: `${when.day}/${when.month}/${when.year}` });
}
