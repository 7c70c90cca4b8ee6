import { limitError } from '@/lib/app-error.ts';
import type { CounterStore } from '@/store/counter-store.ts';

/** Wrong passwords a phone may take at once; after them each try waits (docs/decisions/0009-account-security.md). */
export const LOGIN_FREE_FAILURES = 5;
/** How long a wrong password counts towards the phone's delay. */
export const LOGIN_FAILURE_WINDOW_MS = 60 * 60_000;
const FIRST_DELAY_MS = 10_000;
/** The longest a stranger's wrong tries can keep the owner waiting. */
export const LOGIN_MAX_DELAY_MS = 5 * 60_000;

/** The wait before the next try once the phone has `failures` recent wrong passwords: 0, then 10 s doubling up to 5 min. */
export function loginDelayMs(failures: number): number {
  if (failures < LOGIN_FREE_FAILURES) return 0;
  return Math.min(FIRST_DELAY_MS * 2 ** (failures - LOGIN_FREE_FAILURES), LOGIN_MAX_DELAY_MS);
}

const failuresKey = (phone: string) => `login:failures:${phone}`;
const triesKey = (phone: string) => `login:tries:${phone}`;

/**
 * Progressive delay per phone instead of a lock: a try is counted as a failure before the password is checked (so
 * parallel guesses cannot slip past), and the right password clears the count. Past the free failures a try is let
 * through only once the delay since the phone's last try has passed; the limit of one try per delay window, consumed
 * atomically, lets a single one of parallel tries through.
 */
export function createLoginDelay(counters: CounterStore) {
  return {
    /** Admits a try at the phone or throws REQUEST_LIMIT_1MIN (delay up to a minute) or REQUEST_LIMIT (longer). */
    async admit(phone: string, now: number): Promise<void> {
      const free = await counters.consume(
        [
          {
            key: failuresKey(phone),
            limit: LOGIN_FREE_FAILURES,
            windowMs: LOGIN_FAILURE_WINDOW_MS,
          },
          { key: triesKey(phone), limit: Number.MAX_SAFE_INTEGER, windowMs: LOGIN_MAX_DELAY_MS },
        ],
        now,
      );
      if (free.isAllowed) return;
      const delayMs = loginDelayMs(
        await counters.count(failuresKey(phone), LOGIN_FAILURE_WINDOW_MS, now),
      );
      const gate = await counters.consume(
        [{ key: triesKey(phone), limit: 1, windowMs: delayMs }],
        now,
      );
      if (!gate.isAllowed)
        throw limitError(
          delayMs <= 60_000 ? 'REQUEST_LIMIT_1MIN' : 'REQUEST_LIMIT',
          gate.retryAt,
          now,
        );
      // The gate recorded this try under the short window; record it under the longest one too, so neither the
      // memory sweep nor a Redis expiry drops it before a later, longer delay has been measured from it.
      await counters.add(triesKey(phone), LOGIN_MAX_DELAY_MS, now);
      await counters.add(failuresKey(phone), LOGIN_FAILURE_WINDOW_MS, now);
    },

    /** The right password: the phone's count starts again. */
    async clear(phone: string): Promise<void> {
      await Promise.all([counters.clear(failuresKey(phone)), counters.clear(triesKey(phone))]);
    },
  };
}
