/**
 * The benchmark's load generator, run by bench/run.ts as a child process so its work (building requests, parsing
 * answers, timing) does not run on the server's event loop. It runs one phase (a warm-up, then the measured part) and
 * prints the result as JSON on its last stdout line.
 *
 * Phases: `read` (GET /api/wallet), `transfer` (POST /api/wallet/transfer wallet → PG, 1 baht) over a keep-alive
 * HTTP pool, `bare` (the ledger's statements for the same transfer, in one transaction, straight to PostgreSQL) and
 * `bare-read` (one SELECT of the data a wallet read answers with), and `home-page` (GET /user/home with the member's
 * home cookie, brotli as a browser asks: the page the server draws with the member's data, checked to be that page).
 */
import { randomUUID } from 'node:crypto';
import { brotliDecompressSync } from 'node:zlib';
import { HOME_ANSWERS_ID, HOME_COOKIE, HOME_COOKIE_PATH } from '@mekong/contracts/constants';
import pg from 'pg';
import { Pool } from 'undici';
import { PreparingClient } from '@/db/preparing-client.ts';
import { bareTransferStatements, bareWalletReadStatement, type BenchMember } from './bare-sql.ts';
import { runPhase } from './phase.ts';

export type LoadInput = {
  phase: 'read' | 'transfer' | 'bare' | 'bare-read' | 'home-page';
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
  /** Each request against a member drawn at random (bench:scale), rather than one member per worker. */
  isRandomMember?: boolean;
};

async function main() {
  const input = JSON.parse(process.env.BENCH_LOAD ?? '{}') as LoadInput;
  const at = (w: number) =>
    input.members[
      input.isRandomMember
        ? Math.floor(Math.random() * input.members.length)
        : w % input.members.length
    ] as BenchMember;
  let op: (w: number) => Promise<void>;
  let close: () => Promise<unknown>;

  const barePool = () => {
    if (!input.databaseUrl) throw new Error('the bare-SQL phases need DATABASE_URL');
    return new pg.Pool({
      connectionString: input.databaseUrl,
      max: input.pool,
      // The server's driver set-up: the same statements, prepared the same way.
      Client: PreparingClient,
      ...(input.schema ? { options: `-c search_path=${input.schema}` } : {}),
    });
  };
  if (input.phase === 'bare-read') {
    const pool = barePool();
    op = async (w) => {
      const s = bareWalletReadStatement(at(w));
      // Through a client, not pool.query (which passes a callback, so the statement would not be prepared).
      const client = await pool.connect();
      try {
        const result = await client.query(s.text, s.values);
        if (result.rowCount !== s.rows) throw new Error('the bare wallet read found no member');
      } finally {
        client.release();
      }
    };
    close = () => pool.end();
  } else if (input.phase === 'bare') {
    const pool = barePool();
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
    // Each member's home page cookie, asked for once as the app does after signing in (HttpOnly, a key of its own).
    const homeCookies = new Map<string, Promise<string>>();
    const homeCookieOf = (token: string) => {
      let cookie = homeCookies.get(token);
      if (!cookie) {
        cookie = http
          .request({
            method: 'POST',
            path: HOME_COOKIE_PATH,
            headers: {
              authorization: `Bearer ${token}`,
              'x-client': 'member-web',
              'content-type': 'application/json',
            },
            body: JSON.stringify({ isRemembered: true }),
          })
          .then(async (answer) => {
            await answer.body.arrayBuffer();
            const set = String(answer.headers['set-cookie'] ?? '');
            const value = new RegExp(`^${HOME_COOKIE}=([^;]*)`).exec(set)?.[1];
            if (answer.statusCode !== 200 || !value) throw new Error('no home page cookie');
            return value;
          });
        homeCookies.set(token, cookie);
      }
      return cookie;
    };
    const homePage = async (w: number) => {
      const key = await homeCookieOf(at(w).token);
      const response = await http.request({
        method: 'GET',
        path: '/user/home',
        headers: { cookie: `${HOME_COOKIE}=${key}`, 'accept-encoding': 'br' },
      });
      const body = Buffer.from(await response.body.arrayBuffer());
      if (response.statusCode !== 200) throw new Error(`home page answered ${response.statusCode}`);
      const html = (
        response.headers['content-encoding'] === 'br' ? brotliDecompressSync(body) : body
      ).toString();
      // The plain page (no drawing: a failed answer, or more drawings at once than the server allows) is not measured.
      if (!html.includes(`id="${HOME_ANSWERS_ID}"`))
        throw new Error('the home page was not drawn with the member data');
    };
    op =
      input.phase === 'home-page'
        ? homePage
        : input.phase === 'read'
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
  // The bench takes its CPU readings of the other processes at these marks (bench/cpu.ts).
  process.stdout.write('\n@measure-start\n');
  const cpu0 = process.cpuUsage();
  const result = await runPhase(input.name, input.seconds, input.concurrency, op);
  const cpu = process.cpuUsage(cpu0);
  process.stdout.write('\n@measure-end\n');
  // Keep the connections (and their PostgreSQL backends) until the bench has read their CPU time.
  await new Promise((resolve) => setTimeout(resolve, 500));
  await close();
  const loadCpuSeconds = (cpu.user + cpu.system) / 1e6;
  process.stdout.write(`\n${JSON.stringify({ ...result, loadCpuSeconds })}\n`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
