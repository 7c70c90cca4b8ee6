import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSandbox } from '@mekong/sandbox/app';
import { clusterEnv, createCluster, type Cluster, type ServerProcess } from './support/servers.ts';

/** Short periods, so a test of a few tens of seconds sees many periods of the frequent jobs. */
const PERIOD_MS = 2000;
const WINDOW_MS = 24_000;

let cluster: Cluster;
let sandbox: Awaited<ReturnType<typeof buildSandbox>>;
let a: ServerProcess;
let b: ServerProcess;
let admin: pg.Client;

beforeAll(async () => {
  sandbox = await buildSandbox({ logger: false });
  await sandbox.listen({ port: 0, host: '127.0.0.1' });
  const address = sandbox.server.address();
  if (!address || typeof address === 'string') throw new Error('sandbox did not listen');
  const sandboxUrl = `http://127.0.0.1:${address.port}`;
  cluster = await createCluster(clusterEnv(), {
    JOBS_ENABLED: 'true',
    SMS_GATEWAY_URL: `${sandboxUrl}/sms`,
    GAME_PROVIDER_URL: `${sandboxUrl}/games`,
    BANK_API_URL: `${sandboxUrl}/bank`,
    BANK_FEED_INTERVAL_MS: String(PERIOD_MS),
    PAYOUT_RECONCILE_INTERVAL_MS: String(PERIOD_MS),
    GAME_RECONCILE_INTERVAL_MS: String(PERIOD_MS),
    GAME_SYNC_INTERVAL_MS: String(PERIOD_MS),
    MANUAL_DEPOSIT_MATCH_INTERVAL_MS: String(PERIOD_MS),
  });
  a = await cluster.startServer();
  b = await cluster.startServer();
  admin = new pg.Client({ connectionString: clusterEnv().databaseUrl });
  await admin.connect();
}, 240_000);
afterAll(async () => {
  await cluster?.close();
  await admin?.query(`drop schema if exists ${cluster.schema}_pgboss cascade`);
  await admin?.end();
  await sandbox?.close();
}, 60_000);

type RunRow = { name: string; slot: string; runs: number; state: string; node: string | null };

describe('periodic jobs across two server processes', () => {
  it('runs each job once per period, whichever process works it, and both processes work runs', async () => {
    for (const server of [a, b]) {
      const ready = await fetch(`${server.url}/health/ready`);
      expect((await ready.json()) as unknown).toMatchObject({ checks: { jobs: 'ok' } });
    }
    await new Promise((resolve) => setTimeout(resolve, WINDOW_MS));
    // Stopped gracefully: the runs in progress finish, so the counts below are final.
    await a.stop();
    await b.stop();

    const jobsSchema = `${cluster.schema}_pgboss`;
    const { rows } = await admin.query<RunRow>(
      `select name, singleton_on::text as slot, retry_count + 1 as runs, state, output->>'node' as node
       from ${jobsSchema}.job where name <> 'jobs-dead-letter' and state in ('completed', 'failed')`,
    );
    const states = await admin.query<{ job: string; runs: string }>(
      `select job, runs::text from ${cluster.schema}.job_states`,
    );
    const names = [
      'bank-feed',
      'payout-reconciliation',
      'game-transfer-reconciliation',
      'game-balance-sync',
      'manual-deposit-match',
      'money-in-recovery',
      'bonus-expiry',
      'bonus-lost',
      'housekeeping',
      'setting-changes-due',
      'audit-anchor',
    ];
    expect(states.rows.map((row) => row.job).sort()).toEqual([...names].sort());
    for (const name of names) {
      const runs = rows.filter((row) => row.name === name);
      const slots = new Set(runs.map((row) => row.slot));
      // One run per period slot: two processes ticking never made a second run of a period...
      expect(slots.size, name).toBe(runs.length);
      // ...and the job ran as many times, in all processes together, as there were runs of periods.
      const ranTimes = Number(states.rows.find((row) => row.job === name)?.runs);
      expect(ranTimes, name).toBe(runs.reduce((sum, row) => sum + Number(row.runs), 0));
      expect(
        runs.every((row) => row.state === 'completed'),
        name,
      ).toBe(true);
    }
    // The frequent jobs ran in (nearly) every period of the window, the hourly ones once.
    for (const name of names.slice(0, 5)) {
      const count = rows.filter((row) => row.name === name).length;
      expect(count, name).toBeGreaterThanOrEqual(Math.floor((WINDOW_MS / PERIOD_MS) * 0.6));
    }
    for (const name of [
      'money-in-recovery',
      'bonus-lost',
      'bonus-expiry',
      'housekeeping',
      'audit-anchor',
    ])
      expect(rows.filter((row) => row.name === name).length, name).toBeLessThanOrEqual(2);
    // Both processes' workers took runs.
    const nodes = new Set(rows.map((row) => row.node));
    expect(nodes.size).toBe(2);
  }, 120_000);
});
