import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveSetting } from '@/modules/settings/settings.repository.ts';
import { clusterEnv } from '../cluster/support/servers.ts';
import {
  deleteRedisPrefix,
  serverProcessEnv,
  startSandboxProcess,
  startServerProcess,
  type RunningProcess,
} from '../cluster/support/processes.ts';
import {
  call,
  fundedGameMember,
  newKey,
  transferToGame,
  waitFor,
  type GameMember,
} from './fault-kit.ts';
import { startJobsApp } from './jobs-app.ts';
import { expectLedgerConsistent } from '../support/money.ts';
import { expectLedgerMatchesSandbox } from './money-audit.ts';
import { privatePort, startPrivatePostgres } from './private-services.ts';

/**
 * A private PostgreSQL restarted (pg_ctl stop, then start) under a running server process: during the outage calls
 * answer 503 SERVICE_UNAVAILABLE at once (not a 500, not a hang), and afterwards the same process serves again, with
 * the money consistent with the sandbox.
 */
const env = clusterEnv();
const prefix = `faults:${Date.now()}:pg:`;
let postgres: Awaited<ReturnType<typeof startPrivatePostgres>>;
let sandbox: RunningProcess;
let server: RunningProcess;
let jobs: Awaited<ReturnType<typeof startJobsApp>>;
let member: GameMember;

beforeAll(async () => {
  postgres = await startPrivatePostgres(await privatePort());
  sandbox = await startSandboxProcess();
  const processEnv = serverProcessEnv({
    databaseUrl: postgres.url,
    redisUrl: env.redisUrl,
    redisPrefix: prefix,
    sandboxUrl: sandbox.url,
  });
  jobs = await startJobsApp(processEnv);
  const db = jobs.app.deps.db.kysely;
  await saveSetting(db, 'registerOtp', { enabled: false }, new Date());
  await saveSetting(db, 'withdraw', { minMinor: 1_00, maxMinor: 50_000_00 }, new Date());
  server = await startServerProcess(processEnv);
  member = await fundedGameMember(server.url, sandbox.url, jobs, 100_00);
}, 180_000);

afterAll(async () => {
  await server?.stop('SIGKILL');
  await jobs?.close();
  await sandbox?.stop();
  await postgres?.destroy();
  await deleteRedisPrefix(env.redisUrl, prefix);
}, 60_000);

const transfer = (amount: number) => transferToGame(server.url, member, amount);
const wallet = () => call(server.url, 'GET', '/api/wallet', { token: member.token });
const withdraw = (amount: number) =>
  call(server.url, 'POST', '/api/wallet/withdraw', {
    token: member.token,
    body: { amount },
    headers: { 'idempotency-key': newKey() },
  });

describe('PostgreSQL restarted under a server process', () => {
  it('answers 503 SERVICE_UNAVAILABLE during the outage and serves again after it, without a restart', async () => {
    expect((await transfer(10)).status).toBe(200);
    expect((await wallet()).status).toBe(200);
    const pid = server.pid;

    postgres.stop();
    for (const run of [wallet, () => transfer(5), () => withdraw(5)]) {
      const started = Date.now();
      const answer = await run();
      expect(answer).toEqual({ status: 503, body: { message: 'SERVICE_UNAVAILABLE' } });
      expect(Date.now() - started).toBeLessThan(10_000);
    }
    const ready = await call(server.url, 'GET', '/health/ready');
    expect(ready.status).toBe(503);
    expect((ready.body.checks as Record<string, string>).database).toBe('failing');

    postgres.start();
    await waitFor(
      async () => (await call(server.url, 'GET', '/health/ready')).status === 200,
      30_000,
      'ready again',
    );
    expect((await wallet()).status).toBe(200);
    expect((await transfer(5)).status).toBe(200);
    expect((await withdraw(5)).status).toBe(200);
    expect(server.pid).toBe(pid);
    expect(server.child?.exitCode).toBeNull();

    await jobs.reconcileAll();
    await expectLedgerConsistent(jobs.app.deps.db);
    await expectLedgerMatchesSandbox(jobs.app.deps.db, sandbox.url, [
      {
        memberId: member.memberId,
        bankAccountNo: member.bankAccountNo,
        usernames: { PG: member.username },
        depositedMinor: 100_00n,
      },
    ]);
  }, 180_000);
});
