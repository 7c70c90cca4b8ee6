import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clusterEnv } from '../cluster/support/servers.ts';
import {
  createOwnDatabase,
  deleteRedisPrefix,
  serverProcessEnv,
  startSandboxProcess,
  startServerProcess,
  type RunningProcess,
} from '../cluster/support/processes.ts';
import { call, registerMember, sandboxControl, sleep, waitFor, writeSetting } from './fault-kit.ts';

/**
 * A server process killed with SIGKILL in the middle of a job run (docs/decisions/0018-jobs-engine.md#a-process-killed-mid-run).
 * Its run stays `active` in pg-boss, and while it does no other process starts that job. The engine fails it once
 * its time is up (ten periods, a minute at least) and another process runs the job once the dead reader's lease of
 * the feed has lapsed: a deposit that arrived meanwhile is credited a minute or two later, once, not a quarter of an
 * hour later.
 */
const env = clusterEnv();
const prefix = `faults:${Date.now()}:job-kill:`;
const PERIOD_MS = 1_000;
const DEPOSIT_MINOR = 321_00;
let database: Awaited<ReturnType<typeof createOwnDatabase>>;
let sandbox: RunningProcess;
let first: RunningProcess | undefined;
let second: RunningProcess | undefined;
let admin: pg.Client;

function processEnv() {
  return {
    ...serverProcessEnv({
      databaseUrl: database.url,
      redisUrl: env.redisUrl,
      redisPrefix: prefix,
      sandboxUrl: sandbox.url,
    }),
    JOBS_ENABLED: 'true',
    BANK_FEED_INTERVAL_MS: String(PERIOD_MS),
    // The bank's feed hangs below (60 s): the run must still be waiting for it when its process is killed. The feed's
    // lease (one reader across processes) outlasts a hung call by a minute: 80 s here.
    BANK_TIMEOUT_MS: '20000',
  };
}

/** The bank-feed runs in pg-boss's table, oldest first. */
async function bankFeedRuns() {
  const { rows } = await admin.query<{
    id: string;
    state: string;
    retry_count: number;
    output: { node?: string } | null;
  }>(
    `select id, state, retry_count, output, created_on from pgboss.job where name = 'bank-feed'
     union all
     select id, state, retry_count, output, created_on from pgboss.archive where name = 'bank-feed'
     order by created_on`,
  );
  return rows;
}

beforeAll(async () => {
  database = await createOwnDatabase(env.databaseUrl);
  sandbox = await startSandboxProcess();
  first = await startServerProcess(processEnv());
  admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
  await writeSetting(database.url, 'registerOtp', { enabled: false });
}, 180_000);

afterAll(async () => {
  await first?.stop('SIGKILL');
  await second?.stop('SIGKILL');
  await admin?.end();
  await sandbox?.stop();
  await database?.drop();
  await deleteRedisPrefix(env.redisUrl, prefix);
}, 60_000);

describe('a process killed in the middle of a job run', () => {
  it('leaves a run the engine fails in time; another process runs the job and credits the deposit once', async () => {
    // Settings are cached for up to 3 s in the process.
    await sleep(3_100);
    const member = await registerMember(first!.url);

    // The bank's feed answers in 60 s: the next bank-feed run hangs in the first (the only) process.
    await sandboxControl(sandbox.url, '/sandbox/bank/faults', { latencyMs: 60_000 });
    let killedRun = '';
    await waitFor(
      async () => {
        killedRun = (await bankFeedRuns()).find((run) => run.state === 'active')?.id ?? '';
        return killedRun !== '';
      },
      30_000,
      'a bank-feed run active in the first process',
    );
    await sleep(500);
    await first!.stop('SIGKILL');
    first = undefined;
    const killedAt = Date.now();
    await sandboxControl(sandbox.url, '/sandbox/bank/faults/clear', {});

    // A deposit arrives; only a second process is left to run the feed.
    await sandboxControl(sandbox.url, '/sandbox/bank/credit-member', {
      bankCode: member.bankCode,
      accountNo: member.bankAccountNo,
      amountMinor: DEPOSIT_MINOR,
    });
    second = await startServerProcess(processEnv());
    const cash = async () => {
      const answer = await call(second!.url, 'GET', '/api/wallet', { token: member.token });
      return Number((answer.body.wallet as { amount?: number } | undefined)?.amount ?? NaN);
    };
    await waitFor(async () => (await cash()) > 0, 150_000, 'the deposit credited');
    const creditedAfterSeconds = (Date.now() - killedAt) / 1000;
    console.log(`deposit credited ${creditedAfterSeconds.toFixed(1)} s after the kill`);
    // The killed run is failed a minute after it started (ten periods, a minute at least), at the engine's next
    // maintenance (every 15 to 30 s); the feed's lease of the dead reader lapses at 80 s.
    expect(creditedAfterSeconds).toBeLessThan(150);
    expect(await cash()).toBe(DEPOSIT_MINOR / 100);

    // The killed run was failed by the engine's time-out and retried, then run by the second process; later runs
    // credit nothing more.
    const retried = (await bankFeedRuns()).find((run) => run.id === killedRun);
    expect(retried).toMatchObject({ state: 'completed', retry_count: 1 });
    expect(retried?.output?.node).toMatch(new RegExp(`:${second!.pid}$`));
    await sleep(4 * PERIOD_MS);
    expect(await cash()).toBe(DEPOSIT_MINOR / 100);
  }, 240_000);
});
