import { sql, type Kysely } from 'kysely';
import type { Database } from '@/db/schema.ts';

/** The longest error text kept per job: enough for a message and the top of a stack. */
const ERROR_TEXT_MAX = 2000;

export async function recordJobStart(db: Kysely<Database>, job: string, at: Date): Promise<void> {
  await db
    .insertInto('job_states')
    .values({ job, last_started_at: at })
    .onConflict((oc) => oc.column('job').doUpdateSet({ last_started_at: at }))
    .execute();
}

export async function recordJobEnd(
  db: Kysely<Database>,
  job: string,
  outcome: { at: Date; error: string | null },
): Promise<void> {
  const { at, error } = outcome;
  const isFailed = error !== null;
  const text = error?.slice(0, ERROR_TEXT_MAX) ?? null;
  await db
    .insertInto('job_states')
    .values({
      job,
      runs: 1n,
      failed_runs: isFailed ? 1n : 0n,
      failures_in_a_row: isFailed ? 1 : 0,
      last_started_at: at,
      last_ended_at: at,
      last_success_at: isFailed ? null : at,
      last_failed_at: isFailed ? at : null,
      last_error: text,
    })
    .onConflict((oc) =>
      oc.column('job').doUpdateSet(
        isFailed
          ? {
              runs: sql`job_states.runs + 1`,
              failed_runs: sql`job_states.failed_runs + 1`,
              failures_in_a_row: sql`job_states.failures_in_a_row + 1`,
              last_ended_at: at,
              last_failed_at: at,
              last_error: text,
            }
          : {
              runs: sql`job_states.runs + 1`,
              failures_in_a_row: 0,
              last_ended_at: at,
              last_success_at: at,
            },
      ),
    )
    .execute();
}

export function listJobStates(db: Kysely<Database>) {
  return db.selectFrom('job_states').selectAll().execute();
}
