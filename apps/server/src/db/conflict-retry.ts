import { setTimeout as sleep } from 'node:timers/promises';
import { AppError } from '@/lib/app-error.ts';

/**
 * Deadlock (40P01) and serialization failure (40001): PostgreSQL rolled the whole transaction back, so running it again
 * from the start is safe and usually succeeds (docs/decisions/0010-ledger-locks-and-leases.md).
 */
const RETRYABLE_CODES = new Set(['40P01', '40001']);

export function isRetryableConflict(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  return RETRYABLE_CODES.has(String((error as { code?: unknown }).code));
}

export type ConflictRetryOptions = {
  /** Runs in all, the first included. */
  attempts?: number;
  /** The first back-off; each next one doubles, each jittered to 50–150 %. */
  baseDelayMs?: number;
};

export const CONFLICT_ATTEMPTS = 3;

/**
 * Runs `run` (one whole transaction, or one statement that is its own transaction) and runs it again after a short
 * jittered back-off when the database aborted it for a deadlock or serialization failure. When every attempt lost,
 * the caller gets SERVICE_UNAVAILABLE (503, try again), never a raw database error. `run` must change nothing
 * outside the database: it may run more than once.
 */
export async function retryOnConflict<T>(
  run: () => Promise<T>,
  { attempts = CONFLICT_ATTEMPTS, baseDelayMs = 5 }: ConflictRetryOptions = {},
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (!isRetryableConflict(error)) throw error;
      if (attempt >= attempts) throw new AppError('SERVICE_UNAVAILABLE', { cause: error });
      await sleep(baseDelayMs * 2 ** (attempt - 1) * (0.5 + Math.random()));
    }
  }
}
