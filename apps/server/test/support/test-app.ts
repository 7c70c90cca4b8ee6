import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { Redis } from 'ioredis';
import pg from 'pg';
import { buildSandbox } from '@mekong/sandbox/app';
import { buildApp, type BuildAppOptions } from '@/app.ts';
import { loadConfig, type Config } from '@/config.ts';
import type { Database } from '@/db/schema.ts';
import type { Clock } from '@/lib/clock.ts';
import { pgliteStart } from './pglite-start.ts';

export type TestClock = Clock & { advance(ms: number): void; set(at: Date): void };

/** 2026-11-02 10:00 in Bangkok: outside the demo slip closed window. */
export const TEST_START = new Date('2026-11-02T03:00:00.000Z');

export function createTestClock(start = TEST_START): TestClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance(ms) {
      current += ms;
    },
    set(at) {
      current = at.getTime();
    },
  };
}

export type ApiOptions = {
  body?: unknown;
  /** Sent as is (for malformed bodies); sets no content type unless `headers` does. */
  rawBody?: string | Buffer;
  token?: string;
  headers?: Record<string, string>;
  /** Leave out the X-Client marker header. */
  isWithoutMarker?: boolean;
  ip?: string;
};

export type TestApp = {
  app: FastifyInstance;
  clock: TestClock;
  config: Config;
  sandboxUrl: string;
  api(
    method: InjectOptions['method'],
    url: string,
    options?: ApiOptions,
  ): Promise<LightMyRequestResponse>;
  /** The newest one-time code the sandbox sent to the phone. */
  readOtp(phone: string): Promise<string>;
  setSmsMode(mode: 'ok' | 'error' | 'timeout'): Promise<void>;
  countRows(table: keyof Database): Promise<number>;
  close(): Promise<void>;
};

let ipCounter = 0;
/** A distinct client address, so per-IP daily caps of one test do not touch another. */
export function uniqueIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

/**
 * Builds the server on a fresh database: in-memory PGlite, or with DATABASE_URL a fresh schema of that database
 * (dropped on close); with REDIS_URL the Redis counters under a random key prefix. Starts the real sandbox
 * in-process and points the SMS gateway at it, sharing the test clock.
 */
export async function createTestApp(
  overrides: Record<string, string> = {},
  appOptions: Pick<BuildAppOptions, 'logStream' | 'counters'> = {},
): Promise<TestApp> {
  const clock = createTestClock();
  const sandbox = await buildSandbox({ logger: false, now: () => clock.now().getTime() });
  await sandbox.listen({ port: 0, host: '127.0.0.1' });
  const address = sandbox.server.address();
  if (!address || typeof address === 'string') throw new Error('sandbox did not listen on a port');
  const sandboxUrl = `http://127.0.0.1:${address.port}`;

  const suffix = randomBytes(6).toString('hex');
  const databaseUrl = process.env.DATABASE_URL;
  const schema = databaseUrl ? `test_${suffix}` : undefined;
  if (databaseUrl && schema) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`create schema ${schema}`);
    await client.end();
  }
  const redisPrefix = `test:${suffix}:`;

  const config = loadConfig({
    PGLITE_DIR: 'memory://',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    ARGON2_MEMORY_KIB: '1024',
    ARGON2_TIME_COST: '1',
    SEED_DEMO: 'true',
    // Megabytes of recorded videos per test app would slow every test; the how-to tests turn it on.
    SEED_DEMO_VIDEOS: 'false',
    SMS_GATEWAY_URL: `${sandboxUrl}/sms`,
    SMS_TIMEOUT_MS: '1000',
    GAME_PROVIDER_URL: `${sandboxUrl}/games`,
    GAME_TIMEOUT_MS: '2000',
    BANK_API_URL: `${sandboxUrl}/bank`,
    BANK_TIMEOUT_MS: '1000',
    WEB_DIST_DIR: '/nonexistent/mekong-web-dist',
    // Each app's audit anchors apart, never the installation's data/audit-anchors.jsonl.
    AUDIT_ANCHOR_FILE: join(tmpdir(), `mekong-audit-anchors-${suffix}.jsonl`),
    ...(databaseUrl && schema
      ? { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema, DATABASE_POOL_MAX: '4' }
      : {}),
    ...(process.env.REDIS_URL
      ? { REDIS_URL: process.env.REDIS_URL, REDIS_PREFIX: redisPrefix }
      : {}),
    ...overrides,
  });

  const dropSchema = async () => {
    if (!databaseUrl || !schema) return;
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`drop schema if exists ${schema} cascade`);
    // The job engine's schema beside it (jobsSchemaOf), when a test started the engine.
    await client.query(`drop schema if exists ${schema}_pgboss cascade`);
    await client.end();
  };

  let app: FastifyInstance;
  try {
    app = await buildApp({
      config,
      clock,
      ...appOptions,
      ...(config.DATABASE_URL || !config.PGLITE_DIR.startsWith('memory://')
        ? {}
        : { pgliteStart: await pgliteStart() }),
    });
  } catch (error) {
    await sandbox.close();
    await dropSchema();
    throw error;
  }

  return {
    app,
    clock,
    config,
    sandboxUrl,
    async api(method, url, options = {}) {
      const headers: Record<string, string> = {
        ...(options.isWithoutMarker ? {} : { 'x-client': 'member-web' }),
      };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      Object.assign(headers, options.headers);
      return app.inject({
        method,
        url,
        headers,
        remoteAddress: options.ip ?? '127.0.0.1',
        ...(options.rawBody !== undefined
          ? { payload: options.rawBody }
          : options.body !== undefined
            ? { payload: options.body as object }
            : {}),
      });
    },
    async readOtp(phone) {
      const response = await fetch(`${sandboxUrl}/sms/outbox?phone=${encodeURIComponent(phone)}`);
      const messages = (await response.json()) as { code: string }[];
      // Notices (no code) may follow a code in the outbox.
      const code = messages.find((m) => m.code)?.code;
      if (!code) throw new Error(`no one-time code was sent to ${phone}`);
      return code;
    },
    async setSmsMode(mode) {
      await fetch(`${sandboxUrl}/sandbox/sms/mode`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ mode }),
      });
    },
    async countRows(table) {
      const row = await app.deps.db.kysely
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async close() {
      await app.close();
      await sandbox.close();
      await dropSchema();
      if (config.AUDIT_ANCHOR_FILE) await rm(config.AUDIT_ANCHOR_FILE, { force: true });
      if (process.env.REDIS_URL) {
        const redis = new Redis(process.env.REDIS_URL);
        const keys = await redis.keys(`${redisPrefix}*`);
        if (keys.length > 0) await redis.del(...keys);
        await redis.quit();
      }
    },
  };
}
