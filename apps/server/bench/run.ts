/**
 * `npm run bench`: wallet reads/s and wallet → game transfers/s (p50, p99) under concurrent members, against the same
 * transfer done as bare SQL on the same database (the ceiling). Writes the figures to docs/benchmarks.md.
 *
 * Database: DATABASE_URL (a fresh schema, dropped afterwards), else in-memory PGlite. The server runs in this process
 * on a real loopback port; the sandbox (the game provider) runs as a child process with latency 0, so a transfer's
 * provider call costs only loopback HTTP; the load generator (bench/load.ts) runs as another child process, so it does
 * not take the server's event loop (on PGlite the bare-SQL phase must run here: the database lives in this process).
 * Settings: BENCH_MEMBERS (50), BENCH_SECONDS (20 per phase), BENCH_POOL (DATABASE_POOL_MAX of the server and of the
 * bare-SQL pool, 20).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '@/app.ts';
import { loadConfig } from '@/config.ts';
import { memberAccountId } from '@/modules/ledger/ledger-ids.ts';
import { bareTransferStatements, type BenchMember } from './bare-sql.ts';
import type { LoadInput } from './load.ts';
import { runPhase, type PhaseResult } from './phase.ts';
import { checkInvariants } from '@/modules/ledger/ledger-audit.ts';
import { createTransfer, ensureMemberAccounts } from '@/modules/ledger/ledger.service.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const POOL = Number(process.env.BENCH_POOL ?? 20);
const WARMUP_SECONDS = 3;
const PASSWORD = 'bench password 1';
const FUNDS_MINOR = 10_000_000_00n;
const TRANSFER_MINOR = 100n;

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

async function startSandbox(): Promise<{ url: string; child: ChildProcess }> {
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

async function createMembers(app: FastifyInstance, base: string): Promise<Member[]> {
  const db = app.deps.db;
  const hash = await app.deps.passwords.hash(PASSWORD);
  const now = new Date();
  const members: Member[] = [];
  for (let i = 0; i < MEMBERS; i += 1) {
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

/** Runs one phase in a child process (bench/load.ts) and returns its figures. */
async function loadPhase(input: LoadInput): Promise<PhaseResult> {
  const child = spawn(process.execPath, ['--import', 'tsx', `${root}apps/server/bench/load.ts`], {
    cwd: root,
    env: {
      ...process.env,
      BENCH_LOAD: JSON.stringify(input),
      TSX_TSCONFIG_PATH: `${root}apps/server/tsconfig.json`,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  const last = out.trim().split('\n').pop() ?? '';
  if (code !== 0) throw new Error(`the load generator failed (${code}): ${out}`);
  return JSON.parse(last) as PhaseResult;
}

/**
 * Database round trips (statements, BEGIN and COMMIT included) of one request, counted by wrapping the pg driver's
 * query while nothing else runs. PostgreSQL only.
 */
async function countRoundTrips(op: () => Promise<void>): Promise<number> {
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  let count = 0;
  proto.query = function (this: unknown, ...args: unknown[]) {
    count += 1;
    if (process.env.BENCH_SHOW_SQL) console.log('[bench] sql:', args[0]);
    return original.apply(this, args);
  };
  try {
    await op();
  } finally {
    proto.query = original;
  }
  return count;
}

/** PGlite only: the bare-SQL phase in this process, through the server's one-at-a-time transaction queue. */
function pgliteBare(app: FastifyInstance) {
  const db = app.deps.db;
  return async (member: Member) => {
    await db.withTransaction(async (trx) => {
      for (const s of bareTransferStatements(member, TRANSFER_MINOR)) {
        const result = await sql.raw(interpolate(s.text, s.values)).execute(trx);
        if (Number(result.numAffectedRows ?? result.rows.length) !== s.rows)
          throw new Error('bare transfer statement changed no row');
      }
    });
  };
}

/** Inlines $n parameters as SQL literals (PGlite's raw path); the values are ours (UUIDs, digits, JSON). */
function interpolate(text: string, values: string[]): string {
  return text.replace(
    /\$(\d+)/g,
    (_, n: string) => `'${(values[Number(n) - 1] ?? '').replace(/'/g, "''")}'`,
  );
}

function fmt(n: number, digits = 1): string {
  return n.toLocaleString('en-US', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
}

function section(driver: string, body: string): string {
  return `<!-- bench:${driver} -->\n${body}\n<!-- /bench:${driver} -->`;
}

function writeReport(driver: 'postgres' | 'pglite', body: string) {
  const path = `${root}docs/benchmarks.md`;
  const header = `# Benchmarks

\`npm run bench\` (apps/server/bench/run.ts) measures the wallet server on the configured database
(DATABASE_URL, else the embedded PGlite): wallet reads per second (GET /api/wallet) and wallet → game transfers per
second (POST /api/wallet/transfer, PG provider, 1 baht) with p50 and p99 latency under concurrent members, and the same
transfer done as bare SQL on the same database as the ceiling: the statements the ledger runs (insert the pending
transfer and reserve; post with both balances) in one transaction, with no HTTP, no session check, no provider call.

How it runs: the server in the benchmark's process on a real loopback port; the sandbox and the load generator
(bench/load.ts, keep-alive HTTP) each as a child process, so the load generator does not take the server's event loop.
A real transfer includes the session check, the reservation (its own transaction), the provider call (the sandbox's
game deposit, over loopback HTTP, latency switched to 0) and the post; the bare-SQL figure has none of that but the
ledger statements. The bare-SQL phase runs from the load generator's process with a pool of the same size and the
server's own database client (prepared statements, docs/decisions/0006), so the ceiling gets every database-side gain
the server gets (on PGlite it runs in the server's process, through its one-at-a-time transaction queue). Each phase
is a closed loop: every member has one request in flight at a time, for the phase's duration, after a ${WARMUP_SECONDS} s warm-up;
before each phase the ledger and session tables are vacuumed, as pgbench does, so no phase inherits the previous
one's dead rows. Everything (load generator, server, sandbox, database) shares one machine with 2 cores, so the
figures are lower bounds for a real deployment and comparable only run to run on the same machine. The bench also
counts the database round trips of one wallet read and one transfer made alone (wrapping the pg driver;
\`BENCH_SHOW_SQL=1\` prints the statements) and notes the load average around the run. Under load, concurrent requests
share their session reads and their posts (docs/decisions/0006), so a transfer costs fewer round trips than alone.

Target: transfers at no less than half the bare-SQL rate on PostgreSQL.
`;
  const existing = existsSync(path) ? readFileSync(path, 'utf8') : header;
  const block = section(driver, body);
  const pattern = new RegExp(`<!-- bench:${driver} -->[\\s\\S]*?<!-- /bench:${driver} -->`);
  const next = pattern.test(existing)
    ? existing.replace(pattern, block)
    : `${existing.trimEnd()}\n\n${block}\n`;
  writeFileSync(path, next.startsWith('# Benchmarks') ? next : `${header}\n${block}\n`);
  return path;
}

async function main() {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const schema = databaseUrl ? `bench_${randomBytes(4).toString('hex')}` : undefined;
  let admin: pg.Client | undefined;
  if (databaseUrl && schema) {
    admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
  }
  const sandbox = await startSandbox();
  let app: FastifyInstance | undefined;
  try {
    const config = loadConfig({
      ...(databaseUrl && schema
        ? { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema }
        : { PGLITE_DIR: 'memory://' }),
      DATABASE_POOL_MAX: String(POOL),
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'true',
      ARGON2_MEMORY_KIB: '1024',
      ARGON2_TIME_COST: '1',
      SMS_GATEWAY_URL: `${sandbox.url}/sms`,
      GAME_PROVIDER_URL: `${sandbox.url}/games`,
      BANK_API_URL: `${sandbox.url}/bank`,
      WEB_DIST_DIR: '/nonexistent',
    });
    app = await buildApp({ config, isJobsEnabled: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('the server did not listen');
    const base = `http://127.0.0.1:${address.port}`;
    const db = app.deps.db;
    const dbVersion =
      db.driver === 'postgres'
        ? ((await sql<{ v: string }>`select version() as v`.execute(db.kysely)).rows[0]?.v ?? '')
        : 'PGlite (in-memory)';
    console.log(`[bench] ${db.driver}; ${MEMBERS} members; ${SECONDS} s per phase; pool ${POOL}`);
    const members = await createMembers(app, base);

    const one = members[0] as Member;
    const request = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
      const response = await fetch(`${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${one.token}`,
          'x-client': 'member-web',
          ...(body === undefined
            ? {}
            : { 'content-type': 'application/json', 'idempotency-key': randomUUID() }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${text}`);
    };
    const transferBody = { from: 'wallet', to: 'PG', amount: Number(TRANSFER_MINOR) / 100 };
    // Warm the caches a request may fill, then count what one request costs in steady state.
    await request('GET', '/api/wallet');
    await request('POST', '/api/wallet/transfer', transferBody);
    const roundTrips =
      db.driver === 'postgres'
        ? {
            read: await countRoundTrips(() => request('GET', '/api/wallet')),
            transfer: await countRoundTrips(() =>
              request('POST', '/api/wallet/transfer', transferBody),
            ),
          }
        : undefined;
    if (roundTrips) console.log('[bench] database round trips per request', roundTrips);

    const common = {
      base,
      members,
      seconds: SECONDS,
      warmupSeconds: WARMUP_SECONDS,
      concurrency: MEMBERS,
      pool: POOL,
      transferMinor: TRANSFER_MINOR.toString(),
      ...(databaseUrl ? { databaseUrl } : {}),
      ...(schema ? { schema } : {}),
    };
    const loadAverage = () => os.loadavg().map((l) => l.toFixed(2));
    // Each phase starts from the same database state, as pgbench does: the dead rows the previous phase left are
    // vacuumed away now, not by an autovacuum run in the middle of the next phase.
    const vacuum = async () => {
      for (const table of [
        'ledger_accounts',
        'ledger_transfers',
        'sessions',
        'member_game_accounts',
      ])
        await sql.raw(`vacuum analyze ${table}`).execute(db.kysely);
    };
    const loadBefore = loadAverage();
    await vacuum();
    const reads = await loadPhase({
      ...common,
      phase: 'read',
      name: 'wallet reads (GET /api/wallet)',
    });
    console.log(reads);
    await vacuum();
    const transfers = await loadPhase({
      ...common,
      phase: 'transfer',
      name: 'wallet → game transfers (POST /api/wallet/transfer)',
    });
    console.log(transfers);
    const ceilingName = 'the same transfer as bare SQL (one transaction)';
    let ceiling: PhaseResult;
    await vacuum();
    if (db.driver === 'postgres')
      ceiling = await loadPhase({ ...common, phase: 'bare', name: ceilingName });
    else {
      const bare = pgliteBare(app);
      const at = (w: number) => members[w % members.length] as Member;
      await runPhase('warm-up', WARMUP_SECONDS, MEMBERS, (w) => bare(at(w)));
      ceiling = await runPhase(ceilingName, SECONDS, MEMBERS, (w) => bare(at(w)));
    }
    console.log(ceiling);
    const loadAfter = loadAverage();

    const sums = await checkInvariants(db.kysely);
    if (sums.some((s) => s.sum !== 0n))
      throw new Error(
        `ledger out of balance: ${JSON.stringify(sums, (_, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))}`,
      );
    const ratio = transfers.rate / ceiling.rate;
    const row = (r: PhaseResult) =>
      `| ${r.name} | ${r.ops.toLocaleString('en-US')} | ${fmt(r.rate)} | ${fmt(r.p50, 2)} | ${fmt(r.p99, 2)} | ${r.errors} |`;
    const cpus = os.cpus();
    const body = `## ${db.driver === 'postgres' ? 'PostgreSQL' : 'PGlite'}

Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC · ${dbVersion.split(',')[0]} · Node ${process.version} ·
${cpus.length} × ${cpus[0]?.model.trim() ?? 'CPU'} · ${MEMBERS} concurrent members · ${SECONDS} s per phase · pool ${POOL}
(server and bare SQL alike) · sandbox latency 0 ms · load average (1/5/15 min) before ${loadBefore.join(' / ')}, after
${loadAfter.join(' / ')}${
      roundTrips
        ? ` · database round trips per request (BEGIN/COMMIT included): wallet read ${roundTrips.read}, transfer ${roundTrips.transfer}, bare SQL ${bareTransferStatements(one, TRANSFER_MINOR).length + 2}`
        : ''
    }.

| phase | operations | per second | p50 ms | p99 ms | errors |
| --- | ---: | ---: | ---: | ---: | ---: |
${row(reads)}
${row(transfers)}
${row(ceiling)}

Transfers reach **${fmt(ratio * 100, 0)} %** of the bare-SQL rate (ratio ${fmt(ratio, 2)}; target ≥ 0.50${
      db.driver === 'postgres' ? `: ${ratio >= 0.5 ? 'met' : 'not met'}` : ', set for PostgreSQL'
    }). Ledger invariant after the run: every currency sums to zero.`;
    const path = writeReport(db.driver, body);
    console.log(`[bench] transfers / bare SQL = ${fmt(ratio, 2)}; written to ${path}`);
  } finally {
    await app?.close();
    sandbox.child.kill('SIGTERM');
    if (admin && schema) {
      await admin.query(`drop schema if exists ${schema} cascade`);
      await admin.end();
    }
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
