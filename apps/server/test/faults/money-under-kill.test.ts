import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBalancer, type Balancer } from '../../../../scripts/balancer.mjs';
import { saveSetting } from '@/modules/settings/settings.repository.ts';
import { clusterEnv } from '../cluster/support/servers.ts';
import { startJobsApp } from './jobs-app.ts';
import {
  createOwnDatabase,
  deleteRedisPrefix,
  serverProcessEnv,
  startSandboxProcess,
  startServerProcess,
  type RunningProcess,
} from '../cluster/support/processes.ts';
import { expectLedgerConsistent } from '../support/money.ts';
import { expectLedgerMatchesSandbox, type AuditedMember } from './money-audit.ts';
import {
  call,
  newKey,
  registerMember,
  sandboxControl,
  sleep,
  waitFor,
  type FaultMember,
} from './fault-kit.ts';

/**
 * Issue 13: transfers (wallet ↔ game providers) and withdrawals from 50 members through the balancer to 2 server
 * processes; one process is killed with SIGKILL mid-load and started again. Clients send a failed call again with the
 * same Idempotency-Key, as the apps do. After the reconciliation (the jobs' own functions, run here) nothing is lost
 * or doubled: the ledger sums to zero and agrees with the sandbox's providers and bank to the satang.
 */
const env = clusterEnv();
const prefix = `faults:${Date.now()}:kill:`;
const MEMBERS = 50;
const DEPOSIT_MINOR = 1_000_00n;
const PROVIDERS = ['PG', 'JOKER'] as const;
/** Answered calls before the kill, and again after the killed process is back (counted, so a slow machine waits). */
const CALLS_BEFORE_KILL = 200;
const CALLS_AFTER_RESTART = 150;
const OUTSIDE_LATENCY_MS = 300;

let database: Awaited<ReturnType<typeof createOwnDatabase>>;
let sandbox: RunningProcess;
let servers: RunningProcess[] = [];
let balancer: Balancer;
let balancerUrl: string;
let jobs: Awaited<ReturnType<typeof startJobsApp>>;

function processEnv() {
  return {
    ...serverProcessEnv({
      databaseUrl: database.url,
      redisUrl: env.redisUrl,
      redisPrefix: prefix,
      sandboxUrl: sandbox.url,
    }),
    // 50 members register from one address in this test.
    PHONE_LOOKUP_LIMIT_IP_MINUTE: '100000',
    PHONE_LOOKUP_LIMIT_IP_DAY: '100000',
    OTP_DAILY_LIMIT_IP: '100000',
    OTP_HOURLY_LIMIT_IP: '100000',
    GAME_TIMEOUT_MS: '5000',
    BANK_TIMEOUT_MS: '5000',
  };
}

beforeAll(async () => {
  database = await createOwnDatabase(env.databaseUrl);
  sandbox = await startSandboxProcess();
  jobs = await startJobsApp(processEnv());
  const db = jobs.app.deps.db.kysely;
  const now = new Date();
  await saveSetting(db, 'registerOtp', { enabled: false }, now);
  await saveSetting(db, 'withdraw', { minMinor: 1_00, maxMinor: 50_000_00 }, now);
  await saveSetting(
    db,
    'withdrawLimits',
    { dailyCount: 100_000, dailyAmountMinor: 100_000_000_00, autoPayoutMaxMinor: 50_000_00 },
    now,
  );
  servers = [await startServerProcess(processEnv()), await startServerProcess(processEnv())];
  balancer = createBalancer({ targets: servers.map((s) => s.url), healthIntervalMs: 250 });
  balancerUrl = `http://127.0.0.1:${await balancer.listen(0)}`;
  await balancer.checkNow();
}, 180_000);

afterAll(async () => {
  await balancer?.close();
  await Promise.all(servers.map((s) => s.stop('SIGKILL')));
  await jobs?.close();
  await sandbox?.stop();
  await database?.drop();
  await deleteRedisPrefix(env.redisUrl, prefix);
}, 60_000);

type LoadMember = FaultMember & AuditedMember;

async function prepareMember(): Promise<LoadMember> {
  const m = await registerMember(balancerUrl);
  const usernames: Record<string, string> = {};
  for (const code of PROVIDERS) {
    const activated = await call(balancerUrl, 'GET', `/api/wallet/activate/${code}`, {
      token: m.token,
    });
    expect(activated.status, JSON.stringify(activated.body)).toBe(200);
    const account = await call(balancerUrl, 'GET', `/api/wallet/account/${code}`, {
      token: m.token,
    });
    usernames[code] = String(account.body.username);
  }
  await sandboxControl(sandbox.url, '/sandbox/bank/credit-member', {
    bankCode: m.bankCode,
    accountNo: m.bankAccountNo,
    amountMinor: Number(DEPOSIT_MINOR),
  });
  return {
    ...m,
    memberId: await jobs.memberIdOf(m.phone),
    usernames,
    depositedMinor: DEPOSIT_MINOR,
  };
}

type Outcome = {
  member: LoadMember;
  key: string;
  status: number | 'no answer';
  message: string;
  attempts: number;
};

/** One money call, sent again with the same key while the answer is a 5xx or no answer at all. */
async function moneyCall(member: LoadMember, path: string, body: unknown): Promise<Outcome> {
  const key = newKey();
  let last: Outcome = { member, key, status: 'no answer', message: '', attempts: 0 };
  for (let attempt = 1; attempt <= 20; attempt += 1) {
    try {
      const answer = await call(balancerUrl, 'POST', path, {
        token: member.token,
        body,
        headers: { 'idempotency-key': key },
      });
      last = {
        member,
        key,
        status: answer.status,
        message: String(answer.body.message),
        attempts: attempt,
      };
      if (answer.status < 500) return last;
    } catch {
      last = { ...last, status: 'no answer', attempts: attempt };
    }
    await sleep(250 * Math.min(attempt, 4));
  }
  return last;
}

describe('SIGKILL of one of 2 server processes under a money load', () => {
  it('loses and doubles nothing: the ledger sums to zero and matches the providers and the bank', async () => {
    const members: LoadMember[] = [];
    for (let i = 0; i < MEMBERS; i += 10)
      members.push(
        ...(await Promise.all(Array.from({ length: Math.min(10, MEMBERS - i) }, prepareMember))),
      );
    expect(await jobs.creditBankFeed(MEMBERS)).toBe(MEMBERS);

    // Every provider and bank call takes a while, so the kill finds money calls waiting on them.
    await sandboxControl(sandbox.url, '/sandbox/games/faults', { latencyMs: OUTSIDE_LATENCY_MS });
    await sandboxControl(sandbox.url, '/sandbox/bank/faults', { latencyMs: OUTSIDE_LATENCY_MS });

    const outcomes: Outcome[] = [];
    let isLoading = true;
    async function worker(member: LoadMember, seed: number) {
      for (let n = seed; isLoading; n += 1) {
        const amount = 1 + (n % 5);
        const game = PROVIDERS[n % 2] ?? 'PG';
        const op = n % 5;
        outcomes.push(
          op === 4
            ? await moneyCall(member, '/api/wallet/withdraw', { amount: 1 + (n % 3) })
            : await moneyCall(member, '/api/wallet/transfer', {
                from: op < 2 ? 'wallet' : game,
                to: op < 2 ? game : 'wallet',
                amount,
              }),
        );
      }
    }
    const load = Promise.all(members.map((m, i) => worker(m, i * 3)));
    await waitFor(
      async () => outcomes.length >= CALLS_BEFORE_KILL,
      120_000,
      'load before the kill',
    );
    const victim = servers[1] as RunningProcess;
    const servedBefore = balancer.status()[1]?.served ?? 0;
    const answeredBeforeKill = outcomes.length;
    expect(await victim.stop('SIGKILL')).toBeNull();
    await victim.start();
    await balancer.checkNow();
    const servedAtRestart = balancer.status()[1]?.served ?? 0;
    const answeredAtRestart = outcomes.length;
    await waitFor(
      async () => outcomes.length >= answeredAtRestart + CALLS_AFTER_RESTART,
      120_000,
      'load after the restart',
    );
    isLoading = false;
    await load;
    const servedAfter = balancer.status()[1]?.served ?? 0;

    const byStatus = new Map<string, number>();
    for (const o of outcomes)
      byStatus.set(`${o.status} ${o.message}`, (byStatus.get(`${o.status} ${o.message}`) ?? 0) + 1);
    console.info(
      `kill under load: ${outcomes.length} calls (${answeredBeforeKill} before the kill),`,
      `${outcomes.filter((o) => o.attempts > 1).length} sent again;`,
      JSON.stringify(Object.fromEntries(byStatus)),
    );
    // The victim took part before the kill and again after its restart; the kill cut calls that were then sent again.
    expect(servedBefore).toBeGreaterThan(0);
    expect(servedAfter).toBeGreaterThan(servedAtRestart);
    expect(outcomes.filter((o) => o.attempts > 1).length).toBeGreaterThan(0);
    // Every call got an answer in the end, never a 5xx.
    expect(outcomes.filter((o) => o.status === 'no answer' || o.status >= 500)).toEqual([]);

    // The reconciliation jobs, with the clock past every time-out.
    await sandboxControl(sandbox.url, '/sandbox/games/faults/clear', {});
    await sandboxControl(sandbox.url, '/sandbox/bank/faults/clear', {});
    // The kill left money calls half done (reserved, the outside party called or not): the reconciliation settles them.
    const settled = await jobs.reconcileAll();
    console.info(`reconciliation settled ${settled} transfers and payouts`);
    expect(settled).toBeGreaterThan(0);
    const db = jobs.app.deps.db;
    expect(
      await db.kysely
        .selectFrom('withdrawals')
        .select('id')
        .where('status', '=', 'processing')
        .execute(),
    ).toEqual([]);
    await expectLedgerConsistent(db);
    const checked = await expectLedgerMatchesSandbox(db, sandbox.url, members);
    console.info(`checked against the sandbox: ${JSON.stringify(checked)}`);

    // What each client was told holds: SUCCESS is posted, a refusal moved nothing.
    const transfers = await db.kysely
      .selectFrom('ledger_transfers')
      .select(['member_id', 'idempotency_key', 'status'])
      .where('idempotency_key', 'is not', null)
      .execute();
    const byKey = new Map(transfers.map((t) => [`${t.member_id}/${t.idempotency_key}`, t.status]));
    const broken = outcomes.filter((o) => {
      const status = byKey.get(`${o.member.memberId}/${o.key}`);
      if (o.message === 'SUCCESS') return status !== 'posted';
      if (o.status !== 202) return status === 'posted';
      return false;
    });
    expect(
      broken.map(
        (o) => `${o.key} ${o.status} ${o.message} → ${byKey.get(`${o.member.memberId}/${o.key}`)}`,
      ),
    ).toEqual([]);
  }, 300_000);
});
