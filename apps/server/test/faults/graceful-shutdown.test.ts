import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clusterEnv } from '../cluster/support/servers.ts';
import {
  createOwnDatabase,
  deleteRedisPrefix,
  serverProcessEnv,
  startSandboxProcess,
  startServerProcess,
  type RunningProcess,
} from '../cluster/support/processes.ts';
import { registerMember, sandboxControl, sleep, waitFor, writeSetting } from './fault-kit.ts';

/**
 * Graceful shutdown of a real server process (docs/decisions/0019-cluster-and-faults.md#shutdown): SIGTERM while a
 * slow request is in flight; that request still completes 200, a request arriving on its connection after the signal
 * gets /health/ready 503 `draining`, new connections are refused, and the process exits 0.
 */
const env = clusterEnv();
const prefix = `faults:${Date.now()}:shutdown:`;
let database: Awaited<ReturnType<typeof createOwnDatabase>>;
let sandbox: RunningProcess;
let server: RunningProcess;

beforeAll(async () => {
  database = await createOwnDatabase(env.databaseUrl);
  sandbox = await startSandboxProcess();
  server = await startServerProcess(
    serverProcessEnv({
      databaseUrl: database.url,
      redisUrl: env.redisUrl,
      redisPrefix: prefix,
      sandboxUrl: sandbox.url,
    }),
  );
  await writeSetting(database.url, 'registerOtp', { enabled: false });
}, 180_000);

afterAll(async () => {
  await server?.stop('SIGKILL');
  await sandbox?.stop();
  await database?.drop();
  await deleteRedisPrefix(env.redisUrl, prefix);
}, 60_000);

/** One raw HTTP/1.1 connection, so a second request can be written on it after the signal. */
function rawConnection(port: number) {
  const socket: Socket = connect({ host: '127.0.0.1', port });
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    received += chunk;
  });
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return {
    ready: new Promise<void>((resolve) => socket.once('connect', () => resolve())),
    send: (text: string) => socket.write(text),
    received: () => received,
    closed,
  };
}

describe('graceful shutdown of a server process', () => {
  it('finishes the in-flight request (200), answers draining, refuses new connections, exits 0', async () => {
    // Settings are cached for up to 3 s in the process.
    await sleep(3_100);
    const member = await registerMember(server.url);
    // The game provider answers in 3 s: activating a game account is a slow request.
    await sandboxControl(sandbox.url, '/sandbox/games/faults', {
      provider: 'PG',
      latencyMs: 3_000,
    });

    const connection = rawConnection(server.port);
    await connection.ready;
    connection.send(
      `GET /api/wallet/activate/PG HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Client: member-web\r\n` +
        `Authorization: Bearer ${member.token}\r\n\r\n`,
    );
    await sleep(700);
    const exited = new Promise<number | null>((resolve) =>
      server.child?.once('exit', (code) => resolve(code)),
    );
    server.child?.kill('SIGTERM');
    await sleep(300);
    // The same (busy) connection carries one more request, written after the signal.
    connection.send('GET /health/ready HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');

    // A new connection is refused (the listener is closed), or at most answered 503.
    const fresh = await fetch(`${server.url}/health/ready`).then(
      (r) => r.status,
      (error: unknown) => String((error as { cause?: { code?: string } }).cause?.code ?? error),
    );
    expect(['ECONNREFUSED', 503]).toContain(fresh);

    await connection.closed;
    const text = connection.received();
    const [first, second] = text.split(/(?=HTTP\/1\.1 )/);
    expect(first).toMatch(/^HTTP\/1\.1 200/);
    expect(first).toContain('"message":"SUCCESS"');
    expect(second).toMatch(/^HTTP\/1\.1 503/);
    expect(second).toContain('"status":"draining"');
    expect(await exited).toBe(0);
  }, 120_000);

  it('the stopped process starts again and serves', async () => {
    await server.start();
    await waitFor(
      async () => (await fetch(`${server.url}/health/ready`)).status === 200,
      30_000,
      'ready again',
    );
    await sandboxControl(sandbox.url, '/sandbox/games/faults/clear', {});
  }, 120_000);
});
