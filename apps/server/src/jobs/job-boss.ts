import { CompiledQuery, sql } from 'kysely';
import PgBoss from 'pg-boss';
import type { Config } from '@/config.ts';
import type { Db } from '@/db/database.ts';

/** Where failed runs go once their retries are spent (docs/decisions/0018-jobs-engine.md#dead-letter). */
export const DEAD_LETTER_QUEUE = 'jobs-dead-letter';
/** Runs after the first failure of a period (back-off doubles the delay each time). */
export const JOB_RETRY_LIMIT = 3;
/** How long a graceful stop waits for the runs in progress. */
export const JOB_STOP_TIMEOUT_MS = 20_000;
/**
 * A run still active this long after it started is failed by the engine and retried: its process was killed mid-run
 * (docs/decisions/0018-jobs-engine.md#a-process-killed-mid-run). Until then the job has no other run anywhere, so the
 * bound follows the job's period (ten periods, one minute at least, fifteen at most): a killed bank-feed run (every
 * 10 s) holds deposits back under two minutes instead of fifteen.
 */
export function expireSecondsOf(periodSeconds: number): number {
  return Math.min(15 * 60, Math.max(60, 10 * periodSeconds));
}
/** How often one process (whichever takes the turn) fails the expired runs; the delay adds to the bound above. */
export const JOB_MAINTENANCE_SECONDS = 15;

/**
 * The engine's schema follows the app's: `pgboss` beside the public schema, `<schema>_pgboss` beside any other (each
 * test run's fresh schema gets a fresh engine schema, dropped with it).
 */
export function jobsSchemaOf(config: Pick<Config, 'DATABASE_URL' | 'DATABASE_SCHEMA'>): string {
  const schema = config.DATABASE_URL ? config.DATABASE_SCHEMA : undefined;
  return !schema || schema === 'public' ? 'pgboss' : `${schema}_pgboss`;
}

/** One period of a job in whole seconds: the engine's singleton slot (at least one second). */
export function periodSecondsOf(intervalMs: number): number {
  return Math.max(1, Math.round(intervalMs / 1000));
}

/**
 * pg-boss on the app's database: its own pool on PostgreSQL; on PGlite the app's one connection, through Kysely so a
 * job statement waits for a transaction in progress instead of landing inside it.
 */
export function createBoss(config: Config, db: Db): PgBoss {
  const schema = jobsSchemaOf(config);
  const common = {
    schema,
    // Periods shorter than a minute are made by the tickers' singleton sends, not by pg-boss cron.
    schedule: false,
    supervise: true,
    migrate: true,
    monitorStateIntervalSeconds: 60,
    maintenanceIntervalSeconds: JOB_MAINTENANCE_SECONDS,
    // Finished runs leave the hot table after an hour; dead ones stay in view of the back office for a week.
    archiveCompletedAfterSeconds: 3600,
    archiveFailedAfterSeconds: 7 * 86_400,
  } as const;
  if (db.driver === 'postgres' && config.DATABASE_URL)
    return new PgBoss({
      ...common,
      connectionString: config.DATABASE_URL,
      max: 4,
      application_name: 'mekong-jobs',
    });
  const { runScript } = db;
  if (!runScript) throw new Error('PGlite database without runScript');
  return new PgBoss({
    ...common,
    db: {
      executeSql: async (text, values) =>
        values && values.length > 0
          ? await db.kysely.executeQuery(CompiledQuery.raw(text, values as unknown[]))
          : await runScript(text),
    },
  });
}

export type FailedRun = {
  id: string;
  job: string;
  state: 'failed' | 'retry';
  attempts: number;
  startedAt: Date | null;
  failedAt: Date | null;
  error: string | null;
};

type FailedRow = {
  id: string;
  name: string;
  state: 'failed' | 'retry';
  retry_count: number;
  started_on: Date | null;
  completed_on: Date | null;
  output: { message?: unknown } | null;
};

/** The runs that failed and wait for a retry, then the dead ones (retries spent), newest first. */
export async function listFailedRuns(
  db: Db,
  schema: string,
  jobNames: string[],
  limit: number,
): Promise<FailedRun[]> {
  if (jobNames.length === 0) return [];
  const result = await sql<FailedRow>`
    select id, name, state, retry_count, started_on, completed_on, output
    from ${sql.table(`${schema}.job`)}
    where name in (${sql.join(jobNames)}) and state in ('failed', 'retry')
    order by state desc, coalesce(completed_on, created_on) desc
    limit ${limit}`.execute(db.kysely);
  return result.rows.map((row) => ({
    id: row.id,
    job: row.name,
    state: row.state,
    attempts: Number(row.retry_count) + 1,
    startedAt: row.started_on,
    failedAt: row.completed_on,
    error: typeof row.output?.message === 'string' ? row.output.message : null,
  }));
}

/** The queue of a dead run (failed with its retries spent), or null when no dead run has that id. */
export async function findDeadRunJob(db: Db, schema: string, id: string): Promise<string | null> {
  const result = await sql<{ name: string }>`
    select name from ${sql.table(`${schema}.job`)} where id = ${id}::uuid and state = 'failed'`.execute(
    db.kysely,
  );
  return result.rows[0]?.name ?? null;
}
