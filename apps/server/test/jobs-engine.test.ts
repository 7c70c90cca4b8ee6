import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEAD_LETTER_QUEUE, JOB_RETRY_LIMIT, jobsSchemaOf } from '@/jobs/job-boss.ts';
import { adminApi, signedInOperator, type TestOperator } from './support/operators.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

const FLAKY = 'test-flaky';
const DEAD = 'test-always-fails';
let t: TestApp;
let flakyRuns = 0;
let deadRuns = 0;
let owner: TestOperator;
/** A run held open until the stop test lets it finish. */
let isSlowStarted = false;
let isSlowDone = false;
let releaseSlow: () => void = () => undefined;
const slowGate = new Promise<void>((resolve) => {
  releaseSlow = resolve;
});
let support: TestOperator;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signedInOperator(t, 'owner');
  support = await signedInOperator(t, 'support');
  // Two jobs of this test beside the app's own: one fails twice then succeeds, one always fails.
  t.app.jobs.add({
    name: FLAKY,
    intervalMs: 3_600_000,
    retryDelaySeconds: 1,
    run: async () => {
      flakyRuns += 1;
      if (flakyRuns <= 2) throw new Error(`flaky failure ${flakyRuns}`);
    },
  });
  t.app.jobs.add({
    name: 'test-slow',
    intervalMs: 3_600_000,
    run: async () => {
      isSlowStarted = true;
      await slowGate;
      isSlowDone = true;
    },
  });
  t.app.jobs.add({
    name: DEAD,
    intervalMs: 3_600_000,
    retryDelaySeconds: 1,
    run: async () => {
      deadRuns += 1;
      throw new Error(`dead failure ${deadRuns}`);
    },
  });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

type Listing = {
  isEngineRunning: boolean;
  jobs: {
    name: string;
    runs: number;
    failedRuns: number;
    failuresInARow: number;
    lastError: string | null;
    lastSuccessAt: string | null;
  }[];
  failed: { id: string; job: string; state: string; attempts: number; error: string | null }[];
};
const listing = async (token: string) => {
  const response = await adminApi(t, 'GET', '/api/admin/jobs', { token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Listing>();
};

async function until<T>(
  what: string,
  read: () => Promise<T>,
  isDone: (value: T) => boolean,
  ms = 45_000,
) {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (isDone(value)) return value;
    if (Date.now() > end)
      throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('jobs engine (pg-boss)', () => {
  it('runs a job on demand without the engine, recording its outcome', async () => {
    expect(t.app.jobs.isRunning).toBe(false);
    await t.app.jobs.runNow(FLAKY);
    const before = await listing(owner.token);
    expect(before.isEngineRunning).toBe(false);
    expect(before.failed).toEqual([]);
    const row = before.jobs.find((job) => job.name === FLAKY);
    expect(row).toMatchObject({
      runs: 1,
      failedRuns: 1,
      failuresInARow: 1,
      lastError: 'flaky failure 1',
      lastSuccessAt: null,
    });
    expect(before.jobs.map((job) => job.name)).toContain('bank-feed');
    const ready = await t.api('GET', '/health/ready');
    expect(ready.json<{ checks: Record<string, string> }>().checks.jobs).toBe('disabled');
  });

  it('retries a failing run with back-off until it succeeds, then parks a run whose retries are spent as dead', async () => {
    await t.app.jobs.start();
    expect(t.app.jobs.isRunning).toBe(true);
    // Started by hand here (the app was built with jobs off), so readiness still reports the build option.
    const flaky = await until(
      'the flaky job to succeed',
      async () => (await listing(owner.token)).jobs.find((job) => job.name === FLAKY),
      (row) => Boolean(row?.lastSuccessAt),
    );
    // runNow failed once; the engine's run failed once more and succeeded on its first retry.
    expect(flakyRuns).toBe(3);
    expect(flaky).toMatchObject({ runs: 3, failedRuns: 2, failuresInARow: 0 });

    const dead = await until(
      'the failing job to go dead',
      () => listing(support.token),
      (value) => value.failed.some((run) => run.job === DEAD && run.state === 'failed'),
    );
    const run = dead.failed.find((r) => r.job === DEAD);
    expect(run).toMatchObject({ state: 'failed', attempts: JOB_RETRY_LIMIT + 1 });
    expect(run?.error).toBe(`dead failure ${JOB_RETRY_LIMIT + 1}`);
    expect(deadRuns).toBe(JOB_RETRY_LIMIT + 1);
    // The dead letter queue holds a copy for whoever watches it.
    const schema = jobsSchemaOf(t.config);
    const { rows } = await sql<{ n: string | number }>`
      select count(*) as n from ${sql.table(`${schema}.job`)} where name = ${DEAD_LETTER_QUEUE}`.execute(
      t.app.deps.db.kysely,
    );
    expect(Number(rows[0]?.n)).toBeGreaterThanOrEqual(1);
  }, 90_000);

  it('lets only settings.system retry a dead run, audits it, and the run is attempted again', async () => {
    const { failed } = await listing(owner.token);
    const run = failed.find((r) => r.job === DEAD && r.state === 'failed');
    if (!run) throw new Error('no dead run');
    const denied = await adminApi(t, 'POST', `/api/admin/jobs/runs/${run.id}/retry`, {
      token: support.token,
    });
    expect(denied.statusCode).toBe(403);
    const missing = await adminApi(t, 'POST', `/api/admin/jobs/runs/${randomUUID()}/retry`, {
      token: owner.token,
    });
    expect(missing.json()).toEqual({ message: 'ITEM_NOT_FOUND' });

    const before = deadRuns;
    const retried = await adminApi(t, 'POST', `/api/admin/jobs/runs/${run.id}/retry`, {
      token: owner.token,
    });
    expect(retried.statusCode, retried.body).toBe(200);
    const again = await adminApi(t, 'POST', `/api/admin/jobs/runs/${run.id}/retry`, {
      token: owner.token,
    });
    expect(again.json()).toEqual({ message: 'ITEM_NOT_FOUND' });
    await until(
      'the retried run',
      async () => deadRuns,
      (runs) => runs > before,
    );
    const audit = await t.app.deps.db.kysely
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'job.retried')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ target_id: run.id, operator_name: owner.username });
    expect(audit.after).toEqual({ job: DEAD });
  }, 60_000);

  it('stops gracefully: a run in progress finishes before the engine stops; runNow still works', async () => {
    expect(isSlowStarted).toBe(true);
    let isStopped = false;
    const stopping = t.app.jobs.stop().then(() => {
      isStopped = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    // Still stopping: it waits for the run in progress.
    expect(isStopped).toBe(false);
    expect(isSlowDone).toBe(false);
    releaseSlow();
    await stopping;
    expect(isSlowDone).toBe(true);
    expect(t.app.jobs.isRunning).toBe(false);
    const { rows } = await sql<{ state: string }>`
      select state from ${sql.table(`${jobsSchemaOf(t.config)}.job`)} where name = 'test-slow'`.execute(
      t.app.deps.db.kysely,
    );
    expect(rows.map((row) => row.state)).toEqual(['completed']);
    expect((await listing(owner.token)).isEngineRunning).toBe(false);
    const runs = flakyRuns;
    await t.app.jobs.runNow(FLAKY);
    expect(flakyRuns).toBe(runs + 1);
  }, 60_000);
});
