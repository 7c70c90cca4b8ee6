import { randomUUID } from 'node:crypto';
import type { MessageCode } from '@mekong/contracts/messages';
import type { AppDeps } from '@/app-deps.ts';
import { AppError } from '@/lib/app-error.ts';
import { claimLease, releaseLease, renewLease } from '@/modules/job-lease/job-lease.repository.ts';

/**
 * Leases for jobs that call outside parties (docs/decisions/0010-ledger-locks-and-leases.md): before a job calls about an item it takes the
 * item's lease in a committed statement (no transaction stays open during the call), so a second process running the
 * same job skips the item instead of calling twice. The lease expires after `ttlMs` of the service clock, so a
 * crashed holder only delays the item. Whoever holds a lease re-reads the item's state before acting: the process
 * that held it before may have finished it.
 */
/** How often a request waiting for another's lease looks again (real time: the holder is working now). */
const IN_TURN_POLL_MS = 50;

export function createJobLeases({ db, clock }: Pick<AppDeps, 'db' | 'clock'>) {
  const expiry = (ttlMs: number) => new Date(clock.now().getTime() + ttlMs);

  /** Runs `fn` holding the item's lease and releases it after; answers `{ isLeased: false }` when another holds it. */
  async function withLease<T>(
    job: string,
    item: string,
    ttlMs: number,
    fn: (renew: () => Promise<boolean>) => Promise<T>,
  ): Promise<{ isLeased: true; value: T } | { isLeased: false }> {
    const lease = { job, item, holder: randomUUID() };
    if (!(await claimLease(db.kysely, lease, expiry(ttlMs), clock.now())))
      return { isLeased: false };
    try {
      return { isLeased: true, value: await fn(() => renewLease(db.kysely, lease, expiry(ttlMs))) };
    } finally {
      await releaseLease(db.kysely, lease);
    }
  }

  /**
   * One request at a time per item (a money call's idempotency key), each under the item's lease: a repeat waits while
   * the first holds it, then answers what `done` finds the first one made (its stored result), or runs `fn` itself if
   * the first left nothing (it failed: the repeat retries it). Past `waitMs` of waiting, `busyCode`.
   */
  async function inTurn<T>(
    job: string,
    item: string,
    times: { ttlMs: number; waitMs: number },
    done: () => Promise<T | undefined>,
    fn: () => Promise<T>,
    busyCode: MessageCode,
  ): Promise<T> {
    const giveUpAt = Date.now() + times.waitMs;
    for (;;) {
      // Under the lease: the first request has finished (or crashed, and its lease expired).
      const run = await withLease(job, item, times.ttlMs, async () => (await done()) ?? fn());
      if (run.isLeased) return run.value;
      if (Date.now() >= giveUpAt) throw new AppError(busyCode);
      await new Promise((resolve) => setTimeout(resolve, IN_TURN_POLL_MS));
    }
  }

  return { withLease, inTurn };
}

export type JobLeases = ReturnType<typeof createJobLeases>;
