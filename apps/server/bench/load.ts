/**
 * The benchmark's load generator, run by bench/run.ts as a child process so its work (building requests, parsing
 * answers, timing) does not run on the server's event loop. It runs one phase (a warm-up, then the measured part) and
 * prints the result as JSON on its last stdout line.
 *
 * Phases: `read` (GET /api/wallet), `transfer` (POST /api/wallet/transfer wallet → PG, 1 baht) over a keep-alive
 * HTTP pool, and `bare` (the ledger's statements for the same transfer, in one transaction, straight to PostgreSQL).
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { Pool } from 'undici';
import { PreparingClient } from '@/db/preparing-client.ts';
import { bareTransferStatements, type BenchMember } from './bare-sql.ts';
import { runPhase } from './phase.ts';

export type LoadInput = {
  phase: 'read' | 'transfer' | 'bare';
  name: string;
  base: string;
  members: BenchMember[];
  seconds: number;
  warmupSeconds: number;
  concurrency: number;
  databaseUrl?: string;
  schema?: string;
  pool: number;
  transferMinor: string;
};

async function main() {
  const input = JSON.parse(process.env.BENCH_LOAD ?? '{}') as LoadInput;
  const at = (w: number) => input.members[w % input.members.length] as BenchMember;
  let op: (w: number) => Promise<void>;
  let close: () => Promise<unknown>;

  if (input.phase === 'bare') {
    if (!input.databaseUrl) throw new Error('the bare-SQL phase needs DATABASE_URL');
    const pool = new pg.Pool({
      connectionString: input.databaseUrl,
      max: input.pool,
      // The server's driver set-up: the same statements, prepared the same way.
      Client: PreparingClient,
      ...(input.schema ? { options: `-c search_path=${input.schema}` } : {}),
    });
    op = async (w) => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        for (const s of bareTransferStatements(at(w), BigInt(input.transferMinor))) {
          const result = await client.query(s.text, s.values);
          if (result.rowCount !== s.rows)
            throw new Error('a bare transfer statement changed no row');
        }
        await client.query('commit');
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    };
    close = () => pool.end();
  } else {
    // Keep-alive connections, one per member at most, like browsers that stay on the page.
    const http = new Pool(input.base, { connections: input.concurrency, pipelining: 1 });
    const headers = (w: number) => ({
      authorization: `Bearer ${at(w).token}`,
      'x-client': 'member-web',
    });
    op =
      input.phase === 'read'
        ? async (w) => {
            const response = await http.request({
              method: 'GET',
              path: '/api/wallet',
              headers: headers(w),
            });
            await response.body.arrayBuffer();
            if (response.statusCode !== 200)
              throw new Error(`wallet read answered ${response.statusCode}`);
          }
        : async (w) => {
            const response = await http.request({
              method: 'POST',
              path: '/api/wallet/transfer',
              headers: {
                ...headers(w),
                'content-type': 'application/json',
                'idempotency-key': randomUUID(),
              },
              body: JSON.stringify({
                from: 'wallet',
                to: 'PG',
                amount: Number(input.transferMinor) / 100,
              }),
            });
            const text = await response.body.text();
            if (response.statusCode !== 200)
              throw new Error(`transfer answered ${response.statusCode}: ${text}`);
          };
    close = () => http.close();
  }

  await runPhase('warm-up', input.warmupSeconds, input.concurrency, op);
  const result = await runPhase(input.name, input.seconds, input.concurrency, op);
  await close();
  process.stdout.write(`\n${JSON.stringify(result)}\n`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
