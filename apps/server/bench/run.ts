/**
 * `npm run bench`: wallet reads/s and wallet → game transfers/s (p50, p99) under concurrent members, against the same
 * transfer done as bare SQL on the same database (the ceiling). Writes the figures to docs/benchmarks.md.
 *
 * Database: a database of its own on the server DATABASE_URL names (created, then dropped), else in-memory PGlite. The server runs in this process
 * on a real loopback port; the sandbox (the game provider) runs as a child process with latency 0, so a transfer's
 * provider call costs only loopback HTTP; the load generator (bench/load.ts) runs as another child process, so it does
 * not take the server's event loop (on PGlite the bare-SQL phase must run here: the database lives in this process).
 * Settings: BENCH_MEMBERS (64), BENCH_SECONDS (20 per phase), BENCH_POOL (DATABASE_POOL_MAX of the server and of the
 * bare-SQL pool, 20).
 * When the web app is built (`npm run build`), a last phase has the server draw members' home pages
 * (docs/decisions/0021-member-home-page.md), as many at once as one process draws.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { checkInvariants } from '@/modules/ledger/ledger-audit.ts';
import { MAX_HOME_DRAWINGS } from '@/plugins/member-home-page.ts';
import { bareTransferStatements, type BenchMember } from './bare-sql.ts';
import type { LoadInput } from './load.ts';
import { runPhase, type PhaseResult } from './phase.ts';
import {
  cpuBetween,
  cpuSnapshot,
  cpuTotal,
  statementCounter,
  type CpuSeconds,
  type CpuSnapshot,
} from './cpu.ts';
import { fmt, writeReport } from './report.ts';
import {
  createBenchDatabase,
  createMembers,
  root,
  startBenchServer,
  startSandbox,
} from './setup.ts';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 64);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const POOL = Number(process.env.BENCH_POOL ?? 20);
const WARMUP_SECONDS = 3;
const TRANSFER_MINOR = 100n;
const WEB_DIST = `${root}apps/web/dist`;
const isHomeDrawable =
  existsSync(`${WEB_DIST}/user/home.member.html`) &&
  existsSync(`${root}apps/web/dist-ssr/prerender.js`);

type Member = BenchMember;

/** Runs one phase in a child process (bench/load.ts) and returns its figures. */
type Measured = PhaseResult & { cpu?: CpuSeconds };
let cpuTarget: { sandboxPid: number | undefined; database: string } | undefined;

async function loadPhase(input: LoadInput): Promise<Measured> {
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
  let start: CpuSnapshot | undefined;
  let end: CpuSnapshot | undefined;
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    if (!cpuTarget) return;
    if (!start && out.includes('@measure-start'))
      start = cpuSnapshot(cpuTarget.sandboxPid, cpuTarget.database);
    if (!end && out.includes('@measure-end'))
      end = cpuSnapshot(cpuTarget.sandboxPid, cpuTarget.database);
  });
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  const last = out.trim().split('\n').pop() ?? '';
  if (code !== 0) throw new Error(`the load generator failed (${code}): ${out}`);
  const result = JSON.parse(last) as PhaseResult & { loadCpuSeconds: number };
  return start && end ? { ...result, cpu: cpuBetween(start, end, result.loadCpuSeconds) } : result;
}

/** CPU microseconds per operation of a measured phase, per process kind. */
function cpuSplit(r: Measured) {
  if (!r.cpu || r.ops === 0) return undefined;
  const per = (s: number) => (s / r.ops) * 1e6;
  return {
    statements: r.cpu.statements / r.ops,
    total: per(cpuTotal(r.cpu)),
    load: per(r.cpu.load),
    server: per(r.cpu.server),
    sandbox: per(r.cpu.sandbox),
    database: per(r.cpu.database),
  };
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

async function main() {
  const benchDb = process.env.DATABASE_URL
    ? await createBenchDatabase(process.env.DATABASE_URL, 'bench')
    : undefined;
  const databaseUrl = benchDb?.url;
  const sandbox = await startSandbox();
  if (benchDb) {
    cpuTarget = { sandboxPid: sandbox.child.pid, database: benchDb.name };
    // Every statement of this process (the server's) is counted, so a phase knows its statements per operation.
    const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
    const query = proto.query;
    proto.query = function (this: unknown, ...args: unknown[]) {
      statementCounter.count += 1;
      return query.apply(this, args);
    };
  }
  let app: FastifyInstance | undefined;
  try {
    const started = await startBenchServer(
      {
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { PGLITE_DIR: 'memory://' }),
        ...(isHomeDrawable ? { WEB_DIST_DIR: WEB_DIST } : {}),
      },
      sandbox.url,
      POOL,
    );
    app = started.app;
    const { base } = started;
    const db = app.deps.db;
    const dbVersion =
      db.driver === 'postgres'
        ? ((await sql<{ v: string }>`select version() as v`.execute(db.kysely)).rows[0]?.v ?? '')
        : 'PGlite (in-memory)';
    console.log(`[bench] ${db.driver}; ${MEMBERS} members; ${SECONDS} s per phase; pool ${POOL}`);
    const members = await createMembers(app, base, MEMBERS);

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
    // BENCH_SKIP_READS=1: only the transfer phases (quick A/B runs; nothing is written to docs/benchmarks.md).
    const isReadsSkipped = process.env.BENCH_SKIP_READS === '1';
    let reads: Measured | undefined;
    let bareReads: Measured | undefined;
    if (!isReadsSkipped) {
      await vacuum();
      reads = await loadPhase({ ...common, phase: 'read', name: 'wallet reads (GET /api/wallet)' });
      console.log(reads);
      if (db.driver === 'postgres') {
        bareReads = await loadPhase({
          ...common,
          phase: 'bare-read',
          name: 'the same wallet data as one bare SELECT',
        });
        console.log(bareReads);
      }
    }
    await vacuum();
    const transfers = await loadPhase({
      ...common,
      phase: 'transfer',
      name: 'wallet → game transfers (POST /api/wallet/transfer)',
    });
    console.log(transfers);
    const ceilingName = 'the same transfer as bare SQL (one transaction)';
    let ceiling: Measured;
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
    const homePages = isHomeDrawable
      ? await loadPhase({
          ...common,
          concurrency: MAX_HOME_DRAWINGS,
          phase: 'home-page',
          name: `member home pages drawn by the server (GET /user/home, ${MAX_HOME_DRAWINGS} at once)`,
        })
      : undefined;
    if (homePages) console.log(homePages);
    else console.log('[bench] the web app is not built: no home page phase (npm run build first)');
    const loadAfter = loadAverage();

    const sums = await checkInvariants(db.kysely);
    if (sums.some((s) => s.sum !== 0n))
      throw new Error(
        `ledger out of balance: ${JSON.stringify(sums, (_, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))}`,
      );
    const ratio = transfers.rate / ceiling.rate;
    // CPU microseconds per operation, all processes of the path together, and split.
    const cpuPerOp = (r: Measured) => (r.cpu ? (cpuTotal(r.cpu) / r.ops) * 1e6 : undefined);
    const cpuRatio =
      cpuPerOp(transfers) && cpuPerOp(ceiling)
        ? (cpuPerOp(ceiling) ?? 0) / (cpuPerOp(transfers) ?? 1)
        : undefined;
    for (const r of [reads, bareReads, transfers, ceiling, homePages])
      if (r?.cpu) console.log(`[bench] ${r.name}: CPU µs per operation`, cpuSplit(r));
    if (cpuRatio !== undefined)
      console.log(
        `[bench] CPU ratio (bare CPU per op / transfer CPU per op) = ${fmt(cpuRatio, 2)}`,
      );
    console.log(
      `[bench] load average before ${loadBefore.join(' / ')}, after ${loadAfter.join(' / ')}`,
    );
    if (!reads) {
      console.log(`[bench] transfers / bare SQL = ${fmt(ratio, 2)} (reads skipped, not written)`);
      return;
    }
    const readRatio = bareReads ? reads.rate / bareReads.rate : undefined;
    const cpuCell = (r: Measured) => {
      const c = cpuSplit(r);
      return c
        ? `${fmt(c.total, 0)} (${fmt(c.load, 0)} / ${fmt(c.server, 0)} / ${fmt(c.sandbox, 0)} / ${fmt(c.database, 0)})`
        : '—';
    };
    const statementsOf = (r: Measured, bare: number) => {
      const c = cpuSplit(r);
      return c ? (c.server > 50 ? fmt(c.statements, 2) : String(bare)) : '—';
    };
    const row = (r: Measured) =>
      `| ${r.name} | ${r.ops.toLocaleString('en-US')} | ${fmt(r.rate)} | ${fmt(r.p50, 2)} | ${fmt(r.p99, 2)} | ${r.errors} | ${cpuCell(r)} |`;
    const statementsLine = [
      `wallet read ${statementsOf(reads, 1)}`,
      ...(bareReads ? [`bare read 1`] : []),
      `transfer ${statementsOf(transfers, 4)}`,
      `bare SQL transfer ${bareTransferStatements(one, TRANSFER_MINOR).length + 2}`,
    ].join(', ');
    const cpus = os.cpus();
    const isTargetMet = ratio >= 1 && transfers.p99 < 50;
    const body = `## ${db.driver === 'postgres' ? 'PostgreSQL' : 'PGlite'}

Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC · ${dbVersion.split(',')[0]} · Node ${process.version} ·
${cpus.length} × ${cpus[0]?.model.trim() ?? 'CPU'} · ${MEMBERS} concurrent members · ${SECONDS} s per phase · pool ${POOL}
(server and bare SQL alike) · sandbox latency 0 ms · load average (1/5/15 min) before ${loadBefore.join(' / ')}, after
${loadAfter.join(' / ')}${
      roundTrips
        ? ` · database round trips of one request made alone (BEGIN/COMMIT included): wallet read ${roundTrips.read}, transfer ${roundTrips.transfer}, bare SQL transfer ${bareTransferStatements(one, TRANSFER_MINOR).length + 2}, bare read 1; statements per operation under load (the server's, counted in its process): ${statementsLine}`
        : ''
    }.

| phase | operations | per second | p50 ms | p99 ms | errors | CPU µs per operation (load / server / sandbox / PostgreSQL) |
| --- | ---: | ---: | ---: | ---: | ---: | ---: |
${row(reads)}
${bareReads ? `${row(bareReads)}\n` : ''}${row(transfers)}
${row(ceiling)}
${homePages ? `${row(homePages)}\n` : ''}
Transfers reach **${fmt(ratio * 100, 0)} %** of the bare-SQL rate (ratio ${fmt(ratio, 2)}), p99 ${fmt(transfers.p99, 1)} ms${
      db.driver === 'postgres'
        ? ` (target ratio ≥ 1.0 and p99 < 50 ms at 64 members: ${isTargetMet ? 'met' : 'not met'})`
        : ' (the target is set for PostgreSQL)'
    }.${
      cpuRatio === undefined
        ? ''
        : ` By CPU time per operation (all processes of the path; what the rate ratio would be on a machine doing nothing else) the transfer costs ${fmt(1 / cpuRatio, 2)} × the bare SQL (CPU ratio ${fmt(cpuRatio, 2)}).`
    }${
      readRatio === undefined
        ? ''
        : ` Wallet reads reach ${fmt(readRatio * 100, 0)} % of the bare SELECT's rate (ratio ${fmt(readRatio, 2)}).`
    }${
      homePages
        ? ` A member's home page drawn by the server (five calls made in-process, the page drawn, brotli-compressed) costs ${
            cpuSplit(homePages)
              ? `${fmt(cpuSplit(homePages)?.server ?? 0, 0)} µs of server CPU, `
              : ''
          }p99 ${fmt(homePages.p99, 1)} ms with ${MAX_HOME_DRAWINGS} drawn at once (a request beyond that gets the plain page at once rather than waiting).`
        : ' The web app was not built: no home page phase.'
    } Ledger invariant after the run: every currency sums to zero.`;
    const path = writeReport(db.driver, body);
    console.log(`[bench] transfers / bare SQL = ${fmt(ratio, 2)}; written to ${path}`);
  } finally {
    await app?.close();
    sandbox.child.kill('SIGTERM');
    await benchDb?.drop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
