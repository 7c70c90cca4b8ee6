/**
 * `npm run bench:scale`: how the cost grows with the number of members (docs/scaling.md). On a PostgreSQL database
 * of its own (DATABASE_URL names the server), it seeds 1,000, then 10,000, then 100,000 members (bench/seed-bulk.ts:
 * payout account, cash and bonus accounts, a history of posted deposits), and at each size measures the table and
 * index bytes per member (pg_total_relation_size) and the wallet read and wallet → game transfer latency (p50, p99)
 * against members drawn at random for every request (BENCH_SCALE_SAMPLE of them signed in, default 400).
 * Settings: BENCH_SCALE_SIZES (1000,10000,100000), BENCH_SCALE_SECONDS (10 per phase), BENCH_MEMBERS (64 concurrent
 * requests), BENCH_POOL (20). Writes its section of docs/scaling.md.
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { memberAccountId } from '@/modules/ledger/ledger-ids.ts';
import { checkInvariants } from '@/modules/ledger/ledger-audit.ts';
import type { BenchMember } from './bare-sql.ts';
import type { LoadInput } from './load.ts';
import type { PhaseResult } from './phase.ts';
import { fmt } from './report.ts';
import { DEPOSITS_PER_MEMBER, seedMembers, seededPhone } from './seed-bulk.ts';
import { createBenchDatabase, PASSWORD, root, startBenchServer, startSandbox } from './setup.ts';

const SIZES = (process.env.BENCH_SCALE_SIZES ?? '1000,10000,100000').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SCALE_SECONDS ?? 10);
const SAMPLE = Number(process.env.BENCH_SCALE_SAMPLE ?? 400);
const CONCURRENCY = Number(process.env.BENCH_MEMBERS ?? 64);
const POOL = Number(process.env.BENCH_POOL ?? 20);
const TABLES = [
  'members',
  'member_bank_accounts',
  'ledger_accounts',
  'ledger_transfers',
  'sessions',
  'member_game_accounts',
];

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
  if (code !== 0) throw new Error(`the load generator failed (${code}): ${out}`);
  return JSON.parse(out.trim().split('\n').pop() ?? '') as PhaseResult;
}

/** Signs in `count` members drawn at random from the first `size` and activates their PG game, as a member does. */
async function signIn(app: FastifyInstance, base: string, size: number, count: number) {
  const picked = new Set<number>();
  while (picked.size < Math.min(count, size)) picked.add(Math.floor(Math.random() * size));
  const headers = { 'content-type': 'application/json', 'x-client': 'member-web' };
  const members: BenchMember[] = [];
  const queue = [...picked];
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let i = queue.pop(); i !== undefined; i = queue.pop()) {
        const login = await fetch(`${base}/api/login`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ username: seededPhone(i), password: PASSWORD }),
        });
        if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
        const { token } = (await login.json()) as { token: string };
        const auth = { authorization: `Bearer ${token}`, 'x-client': 'member-web' };
        const activated = await fetch(`${base}/api/wallet/activate/PG`, { headers: auth });
        if (!activated.ok && activated.status !== 409)
          throw new Error(`activation failed: ${activated.status} ${await activated.text()}`);
        const member = await app.deps.db.kysely
          .selectFrom('members')
          .select('id')
          .where('phone', '=', seededPhone(i))
          .executeTakeFirstOrThrow();
        members.push({
          memberId: member.id,
          token,
          cashId: memberAccountId(member.id, 'cash'),
          gameId: memberAccountId(member.id, 'game', 'PG'),
        });
      }
    }),
  );
  return members;
}

type SizeResult = {
  size: number;
  seedSeconds: number;
  bytes: Record<string, number>;
  transferRows: number;
  reads: PhaseResult;
  transfers: PhaseResult;
  load: string;
};

function writeSection(results: SizeResult[], header: string) {
  const path = `${root}docs/scaling.md`;
  const mb = (n: number) => fmt(n / 1024 / 1024, 1);
  const total = (r: SizeResult) => Object.values(r.bytes).reduce((s, n) => s + n, 0);
  const rows = results.map(
    (r) =>
      `| ${r.size.toLocaleString('en-US')} | ${fmt(r.seedSeconds, 0)} s | ${mb(total(r))} | ${fmt(total(r) / r.size, 0)} | ${fmt(r.reads.p50, 1)} / ${fmt(r.reads.p99, 1)} | ${fmt(r.reads.rate, 0)} | ${fmt(r.transfers.p50, 1)} / ${fmt(r.transfers.p99, 1)} | ${fmt(r.transfers.rate, 0)} | ${r.load} |`,
  );
  const last = results[results.length - 1];
  const prev = results[results.length - 2];
  const marginal = last && prev ? (total(last) - total(prev)) / (last.size - prev.size) : undefined;
  const perTable = last
    ? TABLES.map((t) => `${t} ${fmt((last.bytes[t] ?? 0) / last.size, 0)}`).join(' · ')
    : '';
  const body = `${header}

| members | seeding | tables + indexes MB | bytes / member | wallet read p50 / p99 ms | reads/s | transfer p50 / p99 ms | transfers/s | load average |
| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |
${rows.join('\n')}
${
  marginal === undefined || !last
    ? ''
    : `\nEach member added between the last two sizes costs **${fmt(marginal, 0)} bytes** of table and index (per table at ${last.size.toLocaleString('en-US')}: ${perTable}; ledger_transfers holds ${last.transferRows.toLocaleString('en-US')} rows, ${fmt((last.bytes.ledger_transfers ?? 0) / last.transferRows, 0)} bytes each with its indexes).\n`
}`;
  const block = `<!-- bench:scale -->\n${body}\n<!-- /bench:scale -->`;
  const existing = readFileSync(path, 'utf8');
  const pattern = /<!-- bench:scale -->[\s\S]*?<!-- \/bench:scale -->/;
  writeFileSync(
    path,
    pattern.test(existing) ? existing.replace(pattern, block) : `${existing}\n${block}\n`,
  );
  return path;
}

async function main() {
  if (!process.env.DATABASE_URL) throw new Error('bench:scale needs DATABASE_URL (PostgreSQL)');
  const benchDb = await createBenchDatabase(process.env.DATABASE_URL, 'bench_scale');
  const sandbox = await startSandbox();
  let app: FastifyInstance | undefined;
  try {
    const started = await startBenchServer({ DATABASE_URL: benchDb.url }, sandbox.url, POOL);
    app = started.app;
    const { base } = started;
    const db = app.deps.db.kysely;
    const hash = await app.deps.passwords.hash(PASSWORD);
    const version = (await sql<{ v: string }>`select version() as v`.execute(db)).rows[0]?.v ?? '';
    const results: SizeResult[] = [];
    let seeded = 0;
    for (const size of SIZES) {
      const t0 = performance.now();
      await seedMembers(db, { from: seeded, to: size }, hash, new Date());
      seeded = size;
      for (const table of TABLES) await sql.raw(`vacuum analyze ${table}`).execute(db);
      const seedSeconds = (performance.now() - t0) / 1000;
      const bytes: Record<string, number> = {};
      for (const table of TABLES) {
        const r = await sql<{
          n: string;
        }>`select pg_total_relation_size(${table}::regclass)::text as n`.execute(db);
        bytes[table] = Number(r.rows[0]?.n ?? 0);
      }
      const transferRows = Number(
        (await sql<{ n: string }>`select count(*)::text as n from ledger_transfers`.execute(db))
          .rows[0]?.n ?? 0,
      );
      const members = await signIn(app, base, size, SAMPLE);
      console.log(
        `[scale] ${size} members seeded in ${fmt(seedSeconds, 1)} s; ${members.length} signed in`,
      );
      const common = {
        base,
        members,
        seconds: SECONDS,
        warmupSeconds: 2,
        concurrency: CONCURRENCY,
        pool: POOL,
        transferMinor: '100',
        isRandomMember: true,
      };
      const reads = await loadPhase({ ...common, phase: 'read', name: 'wallet reads' });
      const transfers = await loadPhase({ ...common, phase: 'transfer', name: 'transfers' });
      const load = os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ');
      console.log(`[scale] ${size}`, { reads, transfers, load });
      results.push({ size, seedSeconds, bytes, transferRows, reads, transfers, load });
    }
    const sums = await checkInvariants(db);
    if (sums.some((s) => s.sum !== 0n)) throw new Error('ledger out of balance after the run');
    const cpus = os.cpus();
    const header = `### Load simulation (\`npm run bench:scale\`)

Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC · ${version.split(',')[0]} · Node ${process.version} · ${cpus.length} × ${cpus[0]?.model.trim() ?? 'CPU'} ·
${CONCURRENCY} concurrent requests, each against a member drawn at random from ${SAMPLE} signed in out of all seeded ·
${SECONDS} s per phase · pool ${POOL} · every member seeded with a payout account, cash and bonus accounts and
${DEPOSITS_PER_MEMBER} posted deposits; the members signed in also get a PG game account and the transfers' history.
Ledger invariant after the run: every currency sums to zero.`;
    const path = writeSection(results, header);
    console.log(`[scale] written to ${path}`);
  } finally {
    await app?.close();
    sandbox.child.kill('SIGTERM');
    await benchDb.drop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
