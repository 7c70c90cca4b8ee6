/** What the benchmarks share: the sandbox child process, a database of their own, bench members. */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '@/app.ts';
import { loadConfig } from '@/config.ts';
import { memberAccountId } from '@/modules/ledger/ledger-ids.ts';
import { createTransfer, ensureMemberAccounts } from '@/modules/ledger/ledger.service.ts';
import type { BenchMember } from './bare-sql.ts';

export const root = fileURLToPath(new URL('../../../', import.meta.url));
export const PASSWORD = 'bench password 1';
const FUNDS_MINOR = 10_000_000_00n;

/**
 * A database of the bench's own on the server DATABASE_URL points at (created now, dropped by `drop`), so a run
 * neither reads nor leaves anything in the database it was given.
 */
export async function createBenchDatabase(databaseUrl: string, prefix: string) {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      // Without force first: a pool of this process still ending its connections would see them killed (an
      // unhandled error event); force only when something outside is still connected.
      for (let i = 0; i < 20; i += 1) {
        const left = await admin.query(
          'select count(*)::int as n from pg_stat_activity where datname = $1',
          [name],
        );
        if ((left.rows[0] as { n: number }).n === 0) break;
        await new Promise((r) => setTimeout(r, 250));
      }
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export async function startSandbox(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', `${root}apps/sandbox/src/server.ts`], {
    cwd: root,
    env: {
      ...process.env,
      SANDBOX_PORT: String(port),
      SANDBOX_HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      TSX_TSCONFIG_PATH: `${root}apps/sandbox/tsconfig.json`,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i += 1) {
    const isUp = await fetch(`${url}/sandbox/games/faults`).then(
      (r) => r.ok,
      () => false,
    );
    if (isUp) return { url, child };
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGTERM');
  throw new Error('the sandbox did not start');
}

type Member = BenchMember;

/** Members with a funded cash account, signed in, the PG game activated (through the API, as a member does). */
export async function createMembers(
  app: FastifyInstance,
  base: string,
  count: number,
): Promise<Member[]> {
  const db = app.deps.db;
  const hash = await app.deps.passwords.hash(PASSWORD);
  const now = new Date();
  const members: Member[] = [];
  for (let i = 0; i < count; i += 1) {
    const memberId = randomUUID();
    const phone = `09${String(10_000_000 + i)}`;
    await db.withTransaction(async (trx) => {
      await trx
        .insertInto('members')
        .values({
          id: memberId,
          public_id: `B${randomBytes(5).toString('hex').toUpperCase()}`,
          phone,
          name: `Bench ${i}`,
          password_hash: hash,
          currency: 'BAHT',
          status: 'active',
          source_code: null,
          invited_by: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await trx
        .insertInto('member_bank_accounts')
        .values({
          id: randomUUID(),
          member_id: memberId,
          bank_code: 'KBANK',
          account_name: `BENCH ${i}`,
          account_no: String(7_000_000_000 + i),
          created_at: now,
          updated_at: now,
        })
        .execute();
      await ensureMemberAccounts(trx, memberId, 'THB', now);
      await createTransfer(trx, {
        memberId,
        debit: { house: 'bank_in' },
        credit: { memberId, kind: 'cash' },
        amountMinor: FUNDS_MINOR,
        currency: 'THB',
        kind: 'deposit',
        status: 'posted',
        externalRef: `bench-${memberId}`,
        now,
      });
    });
    const login = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-client': 'member-web' },
      body: JSON.stringify({ username: phone, password: PASSWORD }),
    });
    if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
    const { token } = (await login.json()) as { token: string };
    const activated = await fetch(`${base}/api/wallet/activate/PG`, {
      headers: { authorization: `Bearer ${token}`, 'x-client': 'member-web' },
    });
    if (!activated.ok)
      throw new Error(`activation failed: ${activated.status} ${await activated.text()}`);
    members.push({
      memberId,
      token,
      cashId: memberAccountId(memberId, 'cash'),
      gameId: memberAccountId(memberId, 'game', 'PG'),
    });
  }
  return members;
}

/**
 * The server as the benches run it: in this process, no jobs, the demo data, cheap password hashing (the login is not
 * what is measured), the outside parties on the sandbox; listening on a free port. `database`: DATABASE_URL or
 * PGLITE_DIR.
 */
export async function startBenchServer(
  database: Record<string, string>,
  sandboxUrl: string,
  poolMax: number,
): Promise<{ app: FastifyInstance; base: string }> {
  const config = loadConfig({
    // No web app unless the caller names its build (bench/run.ts does, to draw the member's home page).
    WEB_DIST_DIR: '/nonexistent',
    ...database,
    DATABASE_POOL_MAX: String(poolMax),
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'true',
    ARGON2_MEMORY_KIB: '1024',
    ARGON2_TIME_COST: '1',
    SMS_GATEWAY_URL: `${sandboxUrl}/sms`,
    GAME_PROVIDER_URL: `${sandboxUrl}/games`,
    BANK_API_URL: `${sandboxUrl}/bank`,
  });
  const app = await buildApp({ config, isJobsEnabled: false });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('the server did not listen');
    return { app, base: `http://127.0.0.1:${address.port}` };
  } catch (error) {
    await app.close();
    throw error;
  }
}
