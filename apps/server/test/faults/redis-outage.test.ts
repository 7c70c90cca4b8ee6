import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveSetting } from '@/modules/settings/settings.repository.ts';
import { clusterEnv } from '../cluster/support/servers.ts';
import {
  createOwnDatabase,
  serverProcessEnv,
  startSandboxProcess,
  startServerProcess,
  type RunningProcess,
} from '../cluster/support/processes.ts';
import { call, fundedGameMember, transferToGame, waitFor, type GameMember } from './fault-kit.ts';
import { startJobsApp } from './jobs-app.ts';
import { expectLedgerConsistent } from '../support/money.ts';
import { expectLedgerMatchesSandbox } from './money-audit.ts';
import { privatePort, startPrivateRedis } from './private-services.ts';

/**
 * Redis stopped under a real server process: the calls that count in Redis (sign-in, one-time codes) answer 503
 * SERVICE_UNAVAILABLE at once, the rest keep working, the process stays up, and everything works again when Redis is
 * back; the money stays consistent with the sandbox throughout.
 */
const env = clusterEnv();
let database: Awaited<ReturnType<typeof createOwnDatabase>>;
let redis: Awaited<ReturnType<typeof startPrivateRedis>>;
let sandbox: RunningProcess;
let server: RunningProcess;
let jobs: Awaited<ReturnType<typeof startJobsApp>>;
let member: GameMember;
const PASSWORD = 'fault password 1';

beforeAll(async () => {
  database = await createOwnDatabase(env.databaseUrl);
  redis = await startPrivateRedis(await privatePort());
  sandbox = await startSandboxProcess();
  const processEnv = serverProcessEnv({
    databaseUrl: database.url,
    redisUrl: redis.url,
    redisPrefix: 'faults:',
    sandboxUrl: sandbox.url,
  });
  jobs = await startJobsApp(processEnv);
  await saveSetting(jobs.app.deps.db.kysely, 'registerOtp', { enabled: false }, new Date());
  server = await startServerProcess(processEnv);
  member = await fundedGameMember(server.url, sandbox.url, jobs, 100_00);
}, 180_000);

afterAll(async () => {
  await server?.stop('SIGKILL');
  await jobs?.close();
  await sandbox?.stop();
  await redis?.stop();
  await database?.drop();
}, 60_000);

const transfer = (amount: number) => transferToGame(server.url, member, amount);
const signIn = () =>
  call(server.url, 'POST', '/api/login', { body: { username: member.phone, password: PASSWORD } });
const sendCode = () =>
  call(server.url, 'POST', '/api/otp/send', {
    body: { phoneNumber: `08${String(Date.now()).slice(-8)}` },
  });

/** The answer and how long it took. */
async function timed<T>(run: () => Promise<T>): Promise<{ answer: T; ms: number }> {
  const started = Date.now();
  const answer = await run();
  return { answer, ms: Date.now() - started };
}

describe('Redis stopped and started again under a server process', () => {
  it('answers 503 SERVICE_UNAVAILABLE to what needs Redis, keeps the rest, and recovers', async () => {
    expect((await transfer(10)).status).toBe(200);
    const pid = server.pid;

    await redis.stop();
    for (const run of [signIn, sendCode]) {
      const { answer, ms } = await timed(run);
      expect(answer).toEqual({ status: 503, body: { message: 'SERVICE_UNAVAILABLE' } });
      expect(ms).toBeLessThan(5_000);
    }
    const ready = await call(server.url, 'GET', '/health/ready');
    expect(ready.status).toBe(503);
    expect((ready.body.checks as Record<string, string>).redis).toBe('failing');
    expect((await call(server.url, 'GET', '/api/lookup/banks')).status).toBe(200);
    // Money needs no Redis: it moves, or at worst is refused with a code (never a 500).
    const during = await transfer(5);
    expect([200, 503]).toContain(during.status);

    await redis.start();
    await waitFor(
      async () => (await call(server.url, 'GET', '/health/ready')).status === 200,
      30_000,
      'ready again',
    );
    expect((await signIn()).status).toBe(200);
    expect((await sendCode()).status).toBe(200);
    expect((await transfer(5)).status).toBe(200);
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
