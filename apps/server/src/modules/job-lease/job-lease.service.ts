import { randomUUID } from 'node:crypto';
import type { AppDeps } from '@/app-deps.ts';
import { claimLease, releaseLease, renewLease } from '@/modules/job-lease/job-lease.repository.ts';

/**
 * Leases for jobs that call outside parties (docs/decisions/0010-ledger-locks-and-leases.md): before a job calls about an item it takes the
 * item's lease in a committed statement (no transaction stays open during the call), so a second process running the
 * same job skips the item instead of calling twice. The lease expires after `ttlMs` of the service clock, so a
 * crashed holder only delays the item. Whoever holds a lease re-reads the item's state before acting: the process
 * that held it before may have finished it.
 */
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

  return { withLease };
}

export type JobLeases = ReturnType<typeof createJobLeases>;
