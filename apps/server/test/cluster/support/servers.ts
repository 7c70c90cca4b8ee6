import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generate } from 'otplib';
import pg from 'pg';
import { Redis } from 'ioredis';
import { CHAT_GUEST_HEADER } from '@mekong/contracts/chat';

/**
 * Real server processes (tsx src/server.ts) on one PostgreSQL schema and one Redis prefix, for the support chat across
 * processes (issue 12): the cluster tests and `npm run bench:chat`.
 */
const serverDir = fileURLToPath(new URL('../../../', import.meta.url));

export type ClusterEnv = { databaseUrl: string; redisUrl: string };

/** PostgreSQL and Redis are required: the point is several processes sharing them. */
export function clusterEnv(): ClusterEnv {
  const databaseUrl = process.env.DATABASE_URL;
  const redisUrl = process.env.REDIS_URL;
  if (!databaseUrl || !redisUrl)
    throw new Error('the cluster tests need DATABASE_URL (PostgreSQL) and REDIS_URL (Redis)');
  return { databaseUrl, redisUrl };
}

export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as { port: number }).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

export type ServerProcess = {
  port: number;
  url: string;
  /** SIGTERM, then waits for the process to end. */
  stop(): Promise<void>;
  /** Starts it again on the same port (after stop). */
  start(): Promise<void>;
};

/** One installation: a fresh schema, a Redis prefix, demo operators written to a file; dropped by `close`. */
export async function createCluster(env: ClusterEnv, extraEnv: Record<string, string> = {}) {
  const suffix = randomBytes(6).toString('hex');
  const schema = `cluster_${suffix}`;
  const prefix = `cluster:${suffix}:`;
  const operatorsFile = join(tmpdir(), `mekong-cluster-${suffix}-operators.json`);
  const admin = new pg.Client({ connectionString: env.databaseUrl });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const processes: ServerProcess[] = [];

  function spawnServer(port: number): Promise<ChildProcess> {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: serverDir,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: env.databaseUrl,
        DATABASE_SCHEMA: schema,
        DATABASE_POOL_MAX: '10',
        REDIS_URL: env.redisUrl,
        REDIS_PREFIX: prefix,
        SEED_DEMO: 'true',
        SEED_SLIP_WINDOW: 'open',
        DEMO_OPERATORS_FILE: operatorsFile,
        AUDIT_ANCHOR_FILE: join(tmpdir(), `mekong-cluster-${suffix}-audit-anchors.jsonl`),
        JOBS_ENABLED: 'false',
        LOG_LEVEL: process.env.CLUSTER_LOG_LEVEL ?? 'warn',
        ARGON2_MEMORY_KIB: '1024',
        ARGON2_TIME_COST: '1',
        WEB_DIST_DIR: '/nonexistent/mekong-web-dist',
        BACKOFFICE_DIST_DIR: '/nonexistent/mekong-backoffice-dist',
        NODE_ENV: 'development',
        ...extraEnv,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    return new Promise((resolve, reject) => {
      const started = Date.now();
      const onExit = (code: number | null) =>
        reject(new Error(`server on ${port} exited (${code}) while starting`));
      child.once('exit', onExit);
      const poll = async () => {
        try {
          // Readiness, not a chat call: a chat call would cache the chat switch before the test sets it.
          const r = await fetch(`http://127.0.0.1:${port}/health/ready`);
          if (r.ok) {
            child.off('exit', onExit);
            return resolve(child);
          }
        } catch {
          // not listening yet
        }
        if (Date.now() - started > 90_000) {
          child.kill('SIGKILL');
          return reject(new Error(`server on ${port} did not start`));
        }
        setTimeout(() => void poll(), 200);
      };
      void poll();
    });
  }

  /** The processes start one after another: the first migrates and seeds the schema. */
  async function startServer(port?: number): Promise<ServerProcess> {
    const at = port ?? (await freePort());
    let child: ChildProcess | null = await spawnServer(at);
    const server: ServerProcess = {
      port: at,
      url: `http://127.0.0.1:${at}`,
      async stop() {
        const running = child;
        child = null;
        if (!running || running.exitCode !== null) return;
        await new Promise<void>((resolve) => {
          running.once('exit', () => resolve());
          running.kill('SIGTERM');
        });
      },
      async start() {
        child = await spawnServer(at);
      },
    };
    processes.push(server);
    return server;
  }

  async function setSetting(key: string, value: unknown) {
    await admin.query(
      `insert into ${schema}.operator_settings (key, value, updated_at) values ($1, $2::jsonb, now())
       on conflict (key) do update set value = excluded.value, updated_at = now()`,
      [key, JSON.stringify(value)],
    );
  }

  return {
    schema,
    startServer,
    setSetting,
    /** A signed-in demo operator of `role` (sets its password and enrols its authenticator on the way), on `server`. */
    async operatorToken(server: ServerProcess, role: string): Promise<string> {
      const { operators } = JSON.parse(readFileSync(operatorsFile, 'utf8')) as {
        operators: { username: string; role: string; password: string }[];
      };
      const operator = operators.find((o) => o.role === role);
      if (!operator) throw new Error(`no demo ${role}`);
      const call = (path: string, body: unknown) =>
        postJson(server, path, body, { 'x-client': 'backoffice' });
      const { challengeToken } = await call('/api/admin/auth/sign-in', {
        username: operator.username,
        password: operator.password,
      });
      // The demo operators choose their own password at their first sign-in.
      await call('/api/admin/auth/set-password', {
        challengeToken,
        newPassword: `${operator.password}-own`,
      });
      const { secret } = await call('/api/admin/auth/enrol/start', { challengeToken });
      const { token } = await call('/api/admin/auth/enrol/confirm', {
        challengeToken,
        code: await generate({ secret: String(secret) }),
      });
      return String(token);
    },
    /** A registered, signed-in member (registration codes must be off: setSetting('registerOtp', …)). */
    async memberToken(server: ServerProcess): Promise<{ token: string; publicId: string }> {
      const phone = `08${String(randomBytes(4).readUInt32BE() % 100_000_000).padStart(8, '0')}`;
      const password = 'cluster password 1';
      const created = await postJson(server, '/api/account', {
        name: 'Cluster Member',
        username: phone,
        password,
        bankCode: 'KBANK',
        bankAccountName: 'Cluster Member',
        bankAccountNo: String(1_000_000_000 + (randomBytes(4).readUInt32BE() % 8_999_999_999)),
        sourceCode: 'facebook',
      });
      const login = await postJson(server, '/api/login', { username: phone, password });
      return { token: String(login.token), publicId: String(created._id) };
    },
    async close() {
      await Promise.all(processes.map((p) => p.stop()));
      await admin.query(`drop schema if exists ${schema} cascade`);
      await admin.end();
      const redis = new Redis(env.redisUrl);
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    },
  };
}

export type Cluster = Awaited<ReturnType<typeof createCluster>>;

/** POSTs JSON to a server process; anything but 200 throws with the answer. */
export async function postJson(
  server: ServerProcess,
  path: string,
  body: unknown,
  headers: Record<string, string> = { 'x-client': 'member-web' },
  method = 'POST',
): Promise<Record<string, unknown>> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}

export const guestHeaders = (guestToken: string) => ({
  'x-client': 'member-web',
  [CHAT_GUEST_HEADER]: guestToken,
});
export const memberHeaders = (token: string) => ({
  'x-client': 'member-web',
  authorization: `Bearer ${token}`,
});
export const agentHeaders = (token: string) => ({
  'x-client': 'backoffice',
  authorization: `Bearer ${token}`,
});
