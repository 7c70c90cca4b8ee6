import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { Redis } from 'ioredis';
import { freePort } from './servers.ts';

/**
 * Real processes for the fault suite (docs/decisions/0019-cluster-and-faults.md): a database of their own, the
 * sandbox, and server processes a test can kill (SIGKILL), stop (SIGTERM) and start again on the same port.
 */
const repoRoot = fileURLToPath(new URL('../../../../../', import.meta.url));
const serverDir = `${repoRoot}apps/server/`;
const sandboxDir = `${repoRoot}apps/sandbox/`;

/** A fresh database (CREATE DATABASE, random name) on the server of `baseUrl`; `drop` removes it. */
export async function createOwnDatabase(baseUrl: string, label = 'faults') {
  const name = `${label}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** Deletes every key under `prefix` (a test's own Redis prefix). */
export async function deleteRedisPrefix(redisUrl: string, prefix: string) {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  try {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}

export type RunningProcess = {
  port: number;
  url: string;
  readonly child: ChildProcess | null;
  readonly pid: number | undefined;
  /** Sends `signal` and waits for the process to end; answers its exit code (null when a signal ended it). */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  /** Starts it again on the same port (after stop), with `extraEnv` on top of its first environment. */
  start(extraEnv?: Record<string, string>): Promise<void>;
};

type ProcessSpec = {
  name: string;
  cwd: string;
  entry: string;
  env: Record<string, string>;
  /** Polled until it answers 200. */
  readyPath: string;
  port?: number;
  startTimeoutMs?: number;
  /** Its standard output is dropped (the sandbox logs every call). */
  isQuiet?: boolean;
};

async function spawnReady(spec: ProcessSpec, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', spec.entry], {
    cwd: spec.cwd,
    env: { ...process.env, ...spec.env },
    stdio: ['ignore', spec.isQuiet ? 'ignore' : 'inherit', 'inherit'],
  });
  const started = Date.now();
  const limit = spec.startTimeoutMs ?? 120_000;
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) =>
      reject(new Error(`${spec.name} on ${port} exited (${code}) while starting`));
    child.once('exit', onExit);
    const poll = async () => {
      try {
        const r = await fetch(`http://127.0.0.1:${port}${spec.readyPath}`);
        if (r.ok) {
          child.off('exit', onExit);
          return resolve(child);
        }
      } catch {
        // not listening yet
      }
      if (Date.now() - started > limit) {
        child.off('exit', onExit);
        child.kill('SIGKILL');
        return reject(new Error(`${spec.name} on ${port} did not start in ${limit} ms`));
      }
      setTimeout(() => void poll(), 200);
    };
    void poll();
  });
}

async function startProcess(spec: ProcessSpec): Promise<RunningProcess> {
  const port = spec.port ?? (await freePort());
  let env = spec.env;
  let child: ChildProcess | null = await spawnReady(spec, port);
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    get child() {
      return child;
    },
    get pid() {
      return child?.pid;
    },
    async stop(signal = 'SIGTERM') {
      const running = child;
      child = null;
      if (!running || running.exitCode !== null || running.signalCode !== null)
        return running?.exitCode ?? null;
      return new Promise<number | null>((resolve) => {
        running.once('exit', (code) => resolve(code));
        running.kill(signal);
      });
    },
    async start(extraEnv = {}) {
      env = { ...env, ...extraEnv };
      child = await spawnReady({ ...spec, env }, port);
    },
  };
}

/** The sandbox (apps/sandbox/src/server.ts) as a process of its own, with these keys and secrets. */
export function startSandboxProcess(env: Record<string, string> = {}, port?: number) {
  return (async () => {
    const at = port ?? (await freePort());
    return startProcess({
      name: 'sandbox',
      cwd: sandboxDir,
      entry: 'src/server.ts',
      env: { SANDBOX_PORT: String(at), SANDBOX_HOST: '127.0.0.1', ...env },
      readyPath: '/sandbox/games',
      port: at,
      isQuiet: true,
    });
  })();
}

/** The settings every fault-suite server process gets: cheap hashing, no web build, quiet logs. */
export function serverProcessEnv(options: {
  databaseUrl: string;
  redisUrl: string;
  redisPrefix: string;
  sandboxUrl: string;
}): Record<string, string> {
  return {
    HOST: '127.0.0.1',
    DATABASE_URL: options.databaseUrl,
    DATABASE_POOL_MAX: '10',
    REDIS_URL: options.redisUrl,
    REDIS_PREFIX: options.redisPrefix,
    SEED_DEMO: 'true',
    SEED_SLIP_WINDOW: 'open',
    JOBS_ENABLED: 'false',
    LOG_LEVEL: process.env.CLUSTER_LOG_LEVEL ?? 'warn',
    ARGON2_MEMORY_KIB: '1024',
    ARGON2_TIME_COST: '1',
    WEB_DIST_DIR: '/nonexistent/mekong-web-dist',
    BACKOFFICE_DIST_DIR: '/nonexistent/mekong-backoffice-dist',
    NODE_ENV: 'development',
    SMS_GATEWAY_URL: `${options.sandboxUrl}/sms`,
    BANK_API_URL: `${options.sandboxUrl}/bank`,
    GAME_PROVIDER_URL: `${options.sandboxUrl}/games`,
    QR_GATEWAY_URL: `${options.sandboxUrl}/qr`,
    SLIP_VERIFIER_URL: `${options.sandboxUrl}/slip`,
    TRUEMONEY_URL: options.sandboxUrl,
  };
}

/** A server process (apps/server/src/server.ts), ready once /health/ready answers 200. */
export async function startServerProcess(env: Record<string, string>, port?: number) {
  const at = port ?? (await freePort());
  return startProcess({
    name: 'server',
    cwd: serverDir,
    entry: 'src/server.ts',
    env: { ...env, PORT: String(at) },
    readyPath: '/health/ready',
    port: at,
  });
}
