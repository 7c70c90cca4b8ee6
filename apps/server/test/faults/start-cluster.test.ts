import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_SOCKET } from '@mekong/contracts/chat';
import { clusterEnv } from '../cluster/support/servers.ts';
import { createOwnDatabase, deleteRedisPrefix } from '../cluster/support/processes.ts';
import { call, waitFor, writeSetting } from './fault-kit.ts';

/**
 * `npm run start:cluster` (scripts/start-cluster.mjs): refuses to start without its settings; with them, 2 server
 * processes behind the balancer, which also carries the chat's WebSocket; SIGTERM stops everything with exit 0.
 */
const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const env = clusterEnv();
const prefix = `faults:${Date.now()}:start-cluster:`;
let database: Awaited<ReturnType<typeof createOwnDatabase>>;

/** `count` consecutive free ports. */
async function freePorts(count: number): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const first = 20_000 + Math.floor(Math.random() * 30_000);
    const probes = Array.from({ length: count }, () => createServer());
    const isFree = await Promise.all(
      probes.map(
        (probe, i) =>
          new Promise<boolean>((resolve) => {
            probe.once('error', () => resolve(false));
            probe.listen(first + i, '127.0.0.1', () => resolve(true));
          }),
      ),
    );
    await Promise.all(
      probes.map((probe) => new Promise<void>((resolve) => probe.close(() => resolve()))),
    );
    if (isFree.every(Boolean)) return first;
  }
  throw new Error('no free ports');
}

function startCluster(extraEnv: Record<string, string | undefined>) {
  const output: string[] = [];
  const child: ChildProcess = spawn(
    process.execPath,
    ['scripts/start-cluster.mjs', '--no-build', '--no-env-file'],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        LOG_LEVEL: 'warn',
        ARGON2_MEMORY_KIB: '1024',
        ARGON2_TIME_COST: '1',
        WEB_DIST_DIR: '/nonexistent/mekong-web-dist',
        BACKOFFICE_DIST_DIR: '/nonexistent/mekong-backoffice-dist',
        SEED_SLIP_WINDOW: 'open',
        NODE_ENV: 'development',
        ...extraEnv,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { child, exited, output: () => output.join('') };
}

beforeAll(async () => {
  database = await createOwnDatabase(env.databaseUrl);
});
afterAll(async () => {
  await database?.drop();
  await deleteRedisPrefix(env.redisUrl, prefix);
}, 60_000);

describe('npm run start:cluster', () => {
  it('refuses to start without REDIS_URL, naming it', async () => {
    const cluster = startCluster({ DATABASE_URL: database.url, REDIS_URL: '' });
    expect(await cluster.exited).toBe(1);
    expect(cluster.output()).toContain('REDIS_URL is not set');
  }, 30_000);

  it('runs 2 server processes behind the balancer (HTTP and WebSocket), restarts one that dies, stops on SIGTERM', async () => {
    const port = await freePorts(4);
    const cluster = startCluster({
      DATABASE_URL: database.url,
      REDIS_URL: env.redisUrl,
      REDIS_PREFIX: prefix,
      PORT: String(port),
      SANDBOX_PORT: String(port + 1),
      CLUSTER_FIRST_PORT: String(port + 2),
      CLUSTER_SIZE: '2',
      DEMO_OPERATORS_FILE: join(tmpdir(), `${prefix.replaceAll(':', '-')}operators.json`),
    });
    const balancerUrl = `http://127.0.0.1:${port}`;
    try {
      await waitFor(
        async () => cluster.output().includes('Mekong Wallet (2 server processes'),
        180_000,
        `the cluster to start: ${cluster.output().slice(-2000)}`,
      );
      for (const p of [port + 2, port + 3])
        expect((await fetch(`http://127.0.0.1:${p}/health/ready`)).status).toBe(200);
      expect((await call(balancerUrl, 'GET', '/health/ready')).body.status).toBe('ready');
      expect((await call(balancerUrl, 'GET', '/api/lookup/banks')).status).toBe(200);

      // The chat's Socket.IO over WebSocket through the balancer, as the web app connects.
      await writeSetting(database.url, 'chatWidget', { enabled: true });
      await waitFor(
        async () => (await call(balancerUrl, 'POST', '/api/chat/guest')).status === 200,
        10_000,
        'chat on',
      );
      const { body } = await call(balancerUrl, 'POST', '/api/chat/guest');
      const socket = io(`${balancerUrl}${CHAT_SOCKET.customerNamespace}`, {
        path: CHAT_SOCKET.path,
        transports: ['websocket'],
        auth: { guestToken: body.guestToken },
        reconnection: false,
      });
      const isConnected = await new Promise<boolean | string>((resolve) => {
        socket.once('connect', () => resolve(true));
        socket.once('connect_error', (error) => resolve(error.message));
      });
      socket.close();
      expect(isConnected).toBe(true);

      // A server process that dies is started again; the balancer sends to the other one meanwhile.
      const pid = Number(/server-2 started \(pid (\d+)/.exec(cluster.output())?.[1]);
      process.kill(pid, 'SIGKILL');
      // Gone (its port closed), though the balancer has not noticed yet: requests it sends there are refused and go
      // to the other process. (A request already on its way into the dying process would be cut: the client's to resend.)
      await waitFor(
        async () => {
          try {
            process.kill(pid, 0);
            return false;
          } catch {
            return true;
          }
        },
        10_000,
        'server-2 gone',
      );
      for (let i = 0; i < 6; i += 1)
        expect((await call(balancerUrl, 'GET', '/api/lookup/banks')).status).toBe(200);
      await waitFor(
        async () =>
          (cluster.output().match(/server-2 started/g) ?? []).length === 2 &&
          (await fetch(`http://127.0.0.1:${port + 3}/health/ready`)).status === 200,
        120_000,
        'server-2 started again',
      );
    } finally {
      cluster.child.kill('SIGTERM');
    }
    expect(await cluster.exited).toBe(0);
    await expect(fetch(`${balancerUrl}/health/ready`)).rejects.toThrow();
    await expect(fetch(`http://127.0.0.1:${port + 2}/health/ready`)).rejects.toThrow();
  }, 240_000);
});
