import { sql, type Kysely, type Migration } from 'kysely';

// A job's committed claim on one item (a payout, a pending game transfer, a game account, a feed) before it calls an
// outside party about it, so two server processes never call twice for one item (docs/decisions/0010-ledger-locks-and-leases.md). A claim is
// taken with one statement and has an expiry: a process that dies holding it only delays the item.
export const migration0007: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table job_leases (
      job text not null,
      item text not null,
      holder text not null,
      expires_at timestamptz not null,
      primary key (job, item)
    )`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table if exists job_leases`.execute(db);
  },
};
