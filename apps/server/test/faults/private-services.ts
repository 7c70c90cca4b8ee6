import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, mkdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { freePort } from '../cluster/support/servers.ts';
import { sleep, waitFor } from './fault-kit.ts';

/**
 * A Redis and a PostgreSQL of the test's own, so they can be stopped and started without touching the shared ones
 * (docs/decisions/0019-cluster-and-faults.md#what-the-fault-suite-proves).
 */

const isFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });

/** A free port of FAULTS_PORTS (`first-last`, default 3850-3859), else any free one. */
export async function privatePort(): Promise<number> {
  const [first, last] = (process.env.FAULTS_PORTS ?? '3850-3859').split('-').map(Number);
  const start = first ?? 3850;
  const offset = Math.floor(Math.random() * ((last ?? start) - start + 1));
  for (let i = 0; i <= (last ?? start) - start; i += 1) {
    const port = start + ((offset + i) % ((last ?? start) - start + 1));
    if (await isFree(port)) return port;
  }
  return freePort();
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once('exit', () => resolve()));

/** redis-server on `port`, nothing saved to disk. */
export async function startPrivateRedis(port: number) {
  let child: ChildProcess | null = null;
  const start = async () => {
    child = spawn(
      '/usr/bin/redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    await waitFor(async () => !(await isFree(port)), 10_000, `redis on ${port}`);
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    start,
    async stop() {
      const running = child;
      child = null;
      if (!running) return;
      running.kill('SIGTERM');
      await exited(running);
    },
  };
}

const PG_BIN = process.env.FAULTS_PG_BIN ?? '/usr/lib/postgresql/15/bin';

/** Runs a PostgreSQL tool as the postgres user when we are root (PostgreSQL refuses to run as root). */
function asPostgres(tool: string, args: string[]) {
  const isRoot = process.getuid?.() === 0;
  const [command, allArgs] = isRoot
    ? ['runuser', ['-u', 'postgres', '--', `${PG_BIN}/${tool}`, ...args]]
    : [`${PG_BIN}/${tool}`, args];
  return execFileSync(command, allArgs as string[], { stdio: 'pipe', timeout: 60_000 }).toString();
}

/** initdb + pg_ctl in a directory under /tmp, on `port`; `destroy` stops it and removes the directory. */
export async function startPrivatePostgres(port: number) {
  const dir = `/tmp/mekong-faults-pg-${randomBytes(4).toString('hex')}`;
  const data = `${dir}/data`;
  mkdirSync(dir, { recursive: true });
  if (process.getuid?.() === 0) {
    const ids = execFileSync('id', ['-u', 'postgres']).toString().trim();
    const gid = execFileSync('id', ['-g', 'postgres']).toString().trim();
    chownSync(dir, Number(ids), Number(gid));
  }
  asPostgres('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = () => {
    asPostgres('pg_ctl', ['-D', data, '-o', options, '-l', `${dir}/log`, '-w', 'start']);
  };
  const stop = () => {
    asPostgres('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  };
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    async destroy() {
      try {
        stop();
      } catch {
        // already stopped
      }
      await sleep(100);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
