#!/usr/bin/env node
// `npm run start:cluster`: CLUSTER_SIZE server processes (default 2) on one PostgreSQL (DATABASE_URL) and Redis
// (REDIS_URL) behind a small load balancer on PORT, with the sandbox once, for local use
// (docs/decisions/0019-cluster-and-faults.md). A server process that dies is started again; Ctrl-C or SIGTERM drains
// the servers (each finishes its requests), then stops the balancer and the sandbox.
// Flags: --no-build (never build the web apps), --no-env-file (ignore ./.env).
import { createBalancer } from './balancer.mjs';
import {
  buildWebAppsIfStale,
  installationEnv,
  loadEnvFile,
  paint,
  spawnApp,
  waitForOk,
} from './process-kit.mjs';

const tag = 'cluster';
loadEnvFile(process.argv.includes('--no-env-file'));

function refuse(text) {
  console.error(`[${tag}] ${text}`);
  process.exit(1);
}

if (process.env.NODE_ENV === 'production')
  refuse('NODE_ENV=production: start:cluster runs the sandbox, which is never part of production.');
for (const [name, what] of [
  ['DATABASE_URL', 'PostgreSQL, e.g. postgres://postgres@127.0.0.1:5432/mekong'],
  ['REDIS_URL', 'Redis, e.g. redis://127.0.0.1:6379'],
])
  if (!process.env[name])
    refuse(
      `${name} is not set: the processes of a cluster share one ${what.split(',')[0]} (${what}).`,
    );

const portSetting = (name, fallback) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1 || value > 65535)
    refuse(`${name} must be a port number`);
  return value;
};
const size = Number(process.env.CLUSTER_SIZE ?? 2);
if (!Number.isInteger(size) || size < 1 || size > 16)
  refuse('CLUSTER_SIZE must be a whole number from 1 to 16');
const port = portSetting('PORT', 3000);
const sandboxPort = portSetting('SANDBOX_PORT', 3001);
const firstPort = portSetting('CLUSTER_FIRST_PORT', port + 10);
const serverPorts = Array.from({ length: size }, (_, i) => firstPort + i);
const publicUrl = `http://127.0.0.1:${port}`;

if (!process.argv.includes('--no-build')) buildWebAppsIfStale(tag);

const baseEnv = installationEnv(sandboxPort);
// The balancer is the one address clients and the QR gateways' webhooks use; it adds X-Forwarded-For.
baseEnv.PUBLIC_URL ??= publicUrl;
baseEnv.TRUST_PROXY ??= 'loopback';

const children = new Map();
let isStopping = false;
let balancer = null;

/** A server process that ends unasked is started again after a moment (its work is idempotent and reconciled). */
function runServer(index) {
  const name = `server-${index + 1}`;
  const child = spawnApp(name, String(36 + (index % 2)), 'server', 'apps/server/src/server.ts', {
    ...baseEnv,
    PORT: String(serverPorts[index]),
    // Reached only through the balancer.
    HOST: '127.0.0.1',
  });
  children.set(name, child);
  console.log(`[${tag}] ${name} started (pid ${child.pid}, 127.0.0.1:${serverPorts[index]})`);
  child.on('exit', (code, signal) => {
    children.delete(name);
    if (isStopping) return;
    console.error(
      `[${tag}] ${name} exited (${signal ?? `code ${code}`}); starting it again in 1 s.`,
    );
    setTimeout(() => {
      if (!isStopping) runServer(index);
    }, 1000).unref();
  });
}

function runSandbox() {
  const child = spawnApp('sandbox', '35', 'sandbox', 'apps/sandbox/src/server.ts', baseEnv);
  children.set('sandbox', child);
  child.on('exit', (code, signal) => {
    children.delete('sandbox');
    if (isStopping) return;
    console.error(
      `[${tag}] the sandbox exited (${signal ?? `code ${code}`}); stopping everything.`,
    );
    void stop(1);
  });
}

const waitForExit = (child) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', resolve));

/** Drains the servers first (the balancer takes each out of rotation as it stops), then the balancer and sandbox. */
async function stop(exitCode) {
  if (isStopping) return;
  isStopping = true;
  const force = setTimeout(() => {
    for (const child of children.values()) child.kill('SIGKILL');
    process.exit(exitCode || 1);
  }, 20_000);
  force.unref();
  const servers = [...children].filter(([name]) => name !== 'sandbox').map(([, child]) => child);
  for (const child of servers) child.kill('SIGTERM');
  await Promise.all(servers.map(waitForExit));
  await balancer?.close();
  const sandbox = children.get('sandbox');
  if (sandbox) {
    sandbox.kill('SIGTERM');
    await waitForExit(sandbox);
  }
  process.exit(exitCode);
}

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void stop(0));

runSandbox();
// The first process migrates and seeds the database; the others start once it is ready.
runServer(0);
const isCancelled = () => isStopping;
if (!(await waitForOk(`http://127.0.0.1:${serverPorts[0]}/health/ready`, 180_000, isCancelled))) {
  if (!isStopping) {
    console.error(`[${tag}] server-1 (:${serverPorts[0]}) did not become ready; stopping.`);
    await stop(1);
  }
} else {
  for (let i = 1; i < size; i += 1) runServer(i);
  balancer = createBalancer({
    targets: serverPorts.map((p) => `http://127.0.0.1:${p}`),
    onEvent: (text) => console.log(`${paint('33', '[balancer]')} ${text}`),
  });
  await balancer.listen(port, process.env.HOST ?? '0.0.0.0');
  const isEveryoneReady = await Promise.all(
    serverPorts.map((p) => waitForOk(`http://127.0.0.1:${p}/health/ready`, 180_000, isCancelled)),
  );
  if (isEveryoneReady.every(Boolean))
    console.log(
      paint(
        '1',
        `Mekong Wallet (${size} server processes ${serverPorts.join(', ')}): ${publicUrl}  ` +
          `back office: ${publicUrl}/backoffice  sandbox: http://localhost:${sandboxPort}`,
      ),
    );
}
