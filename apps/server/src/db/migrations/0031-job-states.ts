import { sql, type Kysely, type Migration } from 'kysely';

// One row per periodic job: when it last ran, last succeeded, last failed and why, and how many runs failed in a row
// (docs/decisions/0018-jobs-engine.md). The engine's own queue tables hold each run; this is the summary the back
// office shows, and it also counts runs made on demand (runNow), which never go through the queue.
export const migration0031: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table job_states (
      job text primary key,
      runs bigint not null default 0,
      failed_runs bigint not null default 0,
      failures_in_a_row integer not null default 0,
      last_started_at timestamptz,
      last_ended_at timestamptz,
      last_success_at timestamptz,
      last_failed_at timestamptz,
      last_error text
    )`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table if exists job_states`.execute(db);
  },
};
