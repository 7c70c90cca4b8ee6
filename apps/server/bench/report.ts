/** The benchmark's report: its section of docs/benchmarks.md. */
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { root } from './setup.ts';

const WARMUP_SECONDS = 3;

export function fmt(n: number, digits = 1): string {
  return n.toLocaleString('en-US', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
}

function section(driver: string, body: string): string {
  return `<!-- bench:${driver} -->\n${body}\n<!-- /bench:${driver} -->`;
}

export function writeReport(driver: 'postgres' | 'pglite', body: string) {
  const path = `${root}docs/benchmarks.md`;
  const header = `# Benchmarks

\`npm run bench\` (apps/server/bench/run.ts) measures the wallet server on the configured database (DATABASE_URL names
the PostgreSQL server; the bench makes a database of its own there and drops it afterwards; else the embedded PGlite):
wallet reads per second (GET /api/wallet) against one bare SELECT of the same data (the ceiling of a read), and
wallet → game transfers per second (POST /api/wallet/transfer, PG provider, 1 baht) against the same transfer done as
bare SQL on the same database (the ceiling of a transfer: the statements the ledger runs — insert the pending transfer
and reserve; post with both balances — in one transaction, with no HTTP, no session check, no provider call); each
with p50 and p99 latency under 64 concurrent members.

How it runs: the server in the benchmark's process on a real loopback port; the sandbox and the load generator
(bench/load.ts, keep-alive HTTP) each as a child process, so the load generator does not take the server's event loop.
A real transfer includes the session check, the active-bonus check, the reservation (its own transaction), the
provider call (the sandbox's game deposit, over loopback HTTP, latency switched to 0) and the post. The bare phases
run from the load generator's process with a pool of the same size and the server's own database client (prepared
statements, docs/decisions/0006), so the ceilings get every database-side gain the server gets (on PGlite the bare
transfer runs in the server's process, through its one-at-a-time transaction queue). Each phase is a closed loop:
every member has one request in flight at a time, for the phase's duration, after a ${WARMUP_SECONDS} s warm-up; before
each phase the ledger and session tables are vacuumed, as pgbench does. Everything (load generator, server, sandbox,
database) shares one machine with 2 cores, so the figures are lower bounds for a real deployment and comparable only
run to run on the same machine.

Beside the rates, the bench counts (PostgreSQL) the database round trips of one request made alone (\`BENCH_SHOW_SQL=1\`
prints the statements), the server's statements per operation under load (concurrent requests share their session
reads, active-bonus checks, reservations and posts: docs/decisions/0006), and the **CPU time per operation** of every
process on the path, read from /proc for the measured window: load generator, server, sandbox and the PostgreSQL
backends of the bench's database (bench/cpu.ts). The machine is shared with other work, so the rates move with what
else runs; the CPU per operation moves much less, and its ratio is what the rate ratio would be on a machine doing
nothing else. \`BENCH_SKIP_READS=1\` runs the transfer phases only (quick A/B runs, nothing written).

Target (issue 13): transfers at least as fast as the bare-SQL ceiling (ratio ≥ 1.0) with p99 under 50 ms at 64
members on PostgreSQL.
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
