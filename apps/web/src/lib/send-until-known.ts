import { isBrowserOffline } from '@/lib/api-client';
import { isOutcomeUnknown } from '@/lib/idempotency';

/** The waits between replays of a money call whose outcome is unknown: quick at first, then every 15 s. */
export const REPLAY_DELAYS_MS = [500, 1_000, 2_000, 4_000, 8_000, 15_000] as const;

export function replayDelayMs(replays: number): number {
  return REPLAY_DELAYS_MS[Math.min(replays, REPLAY_DELAYS_MS.length - 1)]!;
}

/** What the member is told while the outcome is unknown: the app is checking, or waiting for the network. */
export type CheckingState = 'checking' | 'offline';

/**
 * Resolves after `delayMs`, or as soon as the network comes back. While the browser says it is offline the timer
 * still runs (at its longest), in case the browser never says it is back.
 */
function waitBeforeReplay(delayMs: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      window.removeEventListener('online', done);
      resolve();
    };
    const timer = setTimeout(done, isBrowserOffline() ? replayDelayMs(Number.POSITIVE_INFINITY) : delayMs);
    window.addEventListener('online', done);
  });
}

/**
 * Sends a money call until its outcome is known (docs/decisions/0024-unknown-money-outcomes.md): a failure that may
 * have moved money (no answer, time-out, a gateway's 5xx) is followed by a replay under the same Idempotency-Key,
 * which the server answers with the first request's result, with backoff and waiting for the network when offline.
 * Only a definite answer comes out: the result, or the server's refusal.
 */
export async function sendUntilKnown<T>(send: () => Promise<T>, onChecking: (state: CheckingState) => void): Promise<T> {
  for (let replays = 0; ; replays += 1) {
    try {
      return await send();
    } catch (error) {
      if (!isOutcomeUnknown(error)) throw error;
      onChecking(isBrowserOffline() ? 'offline' : 'checking');
      await waitBeforeReplay(replayDelayMs(replays));
      onChecking('checking');
    }
  }
}
