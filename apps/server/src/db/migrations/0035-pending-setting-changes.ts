import { sql, type Kysely, type Migration } from 'kysely';

// Money-critical setting changes waiting for a second operator or their delay
// (docs/back-office/settings.md#changes-that-wait-for-a-second-operator). At most one change of a key waits at a time.
export const migration0035: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table pending_setting_changes (
      id uuid primary key,
      key text not null,
      subject text not null,
      account_id uuid,
      before jsonb,
      value jsonb not null,
      requested_by uuid not null references operators(id),
      requested_by_name text not null,
      requested_ip text,
      requested_at timestamptz not null,
      effective_at timestamptz not null,
      status text not null check (status in ('pending', 'applied', 'cancelled')),
      decided_by uuid references operators(id),
      decided_by_name text,
      decided_at timestamptz,
      refusal text
    )`.execute(db);
    await sql`create unique index pending_setting_changes_one_per_key on pending_setting_changes (key)
      where status = 'pending'`.execute(db);
    await sql`create index pending_setting_changes_due on pending_setting_changes (effective_at)
      where status = 'pending'`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table if exists pending_setting_changes`.execute(db);
  },
};
