import type { Kysely } from 'kysely';
import type { Database } from '@/db/schema.ts';

type Lease = { job: string; item: string; holder: string };

/**
 * Takes the lease of one item when nobody holds a live one (compare-and-set in one statement): a new row, or an
 * expired row taken over. True when `holder` now holds it.
 */
export async function claimLease(
  db: Kysely<Database>,
  lease: Lease,
  expiresAt: Date,
  now: Date,
): Promise<boolean> {
  const row = await db
    .insertInto('job_leases')
    .values({ ...lease, expires_at: expiresAt })
    .onConflict((oc) =>
      oc
        .columns(['job', 'item'])
        .doUpdateSet({ holder: lease.holder, expires_at: expiresAt })
        .where('job_leases.expires_at', '<=', now),
    )
    .returning('holder')
    .executeTakeFirst();
  return row?.holder === lease.holder;
}

/** Moves the expiry of a lease still held by `holder`; false when it was lost (expired and taken over). */
export async function renewLease(
  db: Kysely<Database>,
  lease: Lease,
  expiresAt: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('job_leases')
    .set({ expires_at: expiresAt })
    .where('job', '=', lease.job)
    .where('item', '=', lease.item)
    .where('holder', '=', lease.holder)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function releaseLease(db: Kysely<Database>, lease: Lease): Promise<void> {
  await db
    .deleteFrom('job_leases')
    .where('job', '=', lease.job)
    .where('item', '=', lease.item)
    .where('holder', '=', lease.holder)
    .execute();
}
