import { sql, type Kysely, type Migration } from 'kysely';

// The first answer of a money call that has no idempotency of its own, kept under the member's Idempotency-Key so a
// replay after a lost reply is answered with it (docs/decisions/0024-unknown-money-outcomes.md). A row without a
// status is a request still in flight.
export const migration0044: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table money_replies (
      member_id uuid not null references members (id),
      idempotency_key uuid not null,
      call text not null,
      status_code integer,
      body text,
      claimed_at timestamptz not null,
      primary key (member_id, idempotency_key)
    )`.execute(db);
    await sql`create index money_replies_claimed_at on money_replies (claimed_at)`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table if exists money_replies`.execute(db);
  },
};
