/**
 * `npm run bench`: wallet reads/s and wallet → game transfers/s (p50, p99) under concurrent members, against the same
 * transfer done as bare SQL on the same database (the ceiling). Writes the figures to docs/benchmarks.md.
 *
 * Database: DATABASE_URL (a fresh schema, dropped afterwards), else in-memory PGlite. The server runs in this process
 * on a real loopback port; the sandbox (the game provider) runs as a child process with latency 0, so a transfer's
 * provider call costs only loopback HTTP. Settings: BENCH_MEMBERS (50), BENCH_SECONDS (20 per phase),
 * BENCH_POOL (DATABASE_POOL_MAX of the server and of the bare-SQL pool, 20).
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
import type { Db } from '@/db/database.ts';
import { memberAccountId } from '@/modules/ledger/ledger-ids.ts';
import {
  checkInvariants,
  createTransfer,
  ensureMemberAccounts,
} from '@/modules/ledger/ledger.service.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const POOL = Number(process.env.BENCH_POOL ?? 20);
const WARMUP_SECONDS = 3;
const PASSWORD = 'bench password 1';
const FUNDS_MINOR = 10_000_000_00n;
const TRANSFER_MINOR = 100n;

type PhaseResult = {
  name: string;
  ops: number;
  seconds: number;
  rate: number;
  p50: number;
  p99: number;
  errors: number;
};

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** `concurrency` loops, each doing `op` back to back until the deadline: a closed loop, bounded in time. */
async function phase(
  name: string,
  seconds: number,
  concurrency: number,
  op: (worker: number) => Promise<void>,
): Promise<PhaseResult> {
  const latencies: number[] = [];
  let errors = 0;
  let firstError: unknown;
  const start = performance.now();
  const deadline = start + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        try {
          await op(worker);
          latencies.push(performance.now() - t0);
        } catch (error) {
          errors += 1;
          firstError ??= error;
        }
      }
    }),
  );
  const elapsed = (performance.now() - start) / 1000;
  if (firstError) console.warn(`[bench] ${name}: ${errors} errors, first:`, firstError);
  latencies.sort((a, b) => a - b);
  return {
    name,
    ops: latencies.length,
    seconds: elapsed,
    rate: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors,
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

type Member = { memberId: string; token: string; cashId: string; gameId: string };

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

/**
 * The statements the ledger runs for one wallet → game transfer (createTransfer pending: insert + reserve;
 * postTransfer: status + both balances), in one transaction, with nothing else around them.
 */
function bareTransferStatements(member: Member) {
  const id = randomUUID();
  const a = TRANSFER_MINOR.toString();
  return [
    {
      text: `insert into ledger_transfers (id, member_id, debit_account_id, credit_account_id, amount, currency, kind,
        status, idempotency_key, external_ref, group_id, metadata, created_at, settled_at)
        values ($1, $2, $3, $4, $5::bigint, 'THB', 'game_in', 'pending', $6, null, null, $7::jsonb, now(), null)
        on conflict do nothing returning id`,
      values: [
        id,
        member.memberId,
        member.cashId,
        member.gameId,
        a,
        randomUUID(),
        '{"provider":"PG"}',
      ],
    },
    {
      text: `update ledger_accounts set balance = balance + 0, reserved = reserved + $2::bigint, version = version + 1
        where id = $1 and currency = 'THB' and member_id is not null and balance - reserved >= $2::bigint`,
      values: [member.cashId, a],
    },
    {
      text: `update ledger_transfers set status = 'posted', settled_at = now() where id = $1 and status = 'pending'
        returning id, debit_account_id, credit_account_id, currency, amount::text`,
      values: [id],
    },
    {
      text: `update ledger_accounts set balance = balance - $2::bigint, reserved = reserved - $2::bigint,
        version = version + 1 where id = $1 and currency = 'THB' and member_id is not null`,
      values: [member.cashId, a],
    },
    {
      text: `update ledger_accounts set balance = balance + $2::bigint, reserved = reserved + 0, version = version + 1
        where id = $1 and currency = 'THB' and member_id is not null`,
      values: [member.gameId, a],
    },
  ];
}

function bareRunner(db: Db, databaseUrl: string | undefined, schema: string | undefined) {
  if (databaseUrl) {
    const pool = new pg.Pool({
      connectionString: databaseUrl,
      max: POOL,
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
    return {
      async run(member: Member) {
        const client = await pool.connect();
        try {
          await client.query('begin');
          for (const s of bareTransferStatements(member)) {
            const result = await client.query(s.text, s.values);
            if (result.rowCount !== 1) throw new Error('bare transfer statement changed no row');
          }
          await client.query('commit');
        } catch (error) {
          await client.query('rollback').catch(() => undefined);
          throw error;
        } finally {
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  // PGlite: the same one-at-a-time transaction queue the server uses.
  return {
    async run(member: Member) {
      await db.withTransaction(async (trx) => {
        for (const s of bareTransferStatements(member)) {
          const result = await sql.raw(interpolate(s.text, s.values)).execute(trx);
          if (Number(result.numAffectedRows ?? result.rows.length) !== 1)
            throw new Error('bare transfer statement changed no row');
        }
      });
    },
    close: async () => undefined,
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
transfer, reserve, post, both balances) in one transaction, with no HTTP, no session check, no provider call.

How it runs: the server in the benchmark's process on a real loopback port, the sandbox as a child process. A real
transfer includes its provider call (the sandbox's game deposit, over loopback HTTP, latency switched to 0), two
database transactions (reserve and record pending; post) and the session check; the bare-SQL figure has none of that.
Each phase is a closed loop: every member has one request in flight at a time, for the phase's duration, after a
${WARMUP_SECONDS} s warm-up. Everything (load generator, server, sandbox, database) shares one machine, so the
figures are lower bounds for a real deployment and comparable only run to run on the same machine.

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
  let bare: ReturnType<typeof bareRunner> | undefined;
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
    const at = (w: number) => members[w % members.length] as Member;

    const readWallet = async (w: number) => {
      const response = await fetch(`${base}/api/wallet`, {
        headers: { authorization: `Bearer ${at(w).token}`, 'x-client': 'member-web' },
      });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`wallet read answered ${response.status}`);
    };
    const transfer = async (w: number) => {
      const response = await fetch(`${base}/api/wallet/transfer`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${at(w).token}`,
          'x-client': 'member-web',
          'content-type': 'application/json',
          'idempotency-key': randomUUID(),
        },
        body: JSON.stringify({ from: 'wallet', to: 'PG', amount: Number(TRANSFER_MINOR) / 100 }),
      });
      const text = await response.text();
      if (response.status !== 200) throw new Error(`transfer answered ${response.status}: ${text}`);
    };
    bare = bareRunner(db, databaseUrl, schema);
    const bareTransfer = (w: number) => (bare as NonNullable<typeof bare>).run(at(w));

    await phase('warm-up', WARMUP_SECONDS, MEMBERS, readWallet);
    const reads = await phase('wallet reads (GET /api/wallet)', SECONDS, MEMBERS, readWallet);
    console.log(reads);
    await phase('warm-up', WARMUP_SECONDS, MEMBERS, transfer);
    const transfers = await phase(
      'wallet → game transfers (POST /api/wallet/transfer)',
      SECONDS,
      MEMBERS,
      transfer,
    );
    console.log(transfers);
    await phase('warm-up', WARMUP_SECONDS, MEMBERS, bareTransfer);
    const ceiling = await phase(
      'the same transfer as bare SQL (one transaction)',
      SECONDS,
      MEMBERS,
      bareTransfer,
    );
    console.log(ceiling);

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
(server and bare SQL alike) · sandbox latency 0 ms.

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
    await bare?.close();
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
