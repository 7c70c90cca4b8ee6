#!/usr/bin/env node
// `npm start`: builds the web app when needed, then runs the sandbox and the server side by side, both with this
// installation's generated secrets (data/secrets.json; a variable set in the environment or .env wins).
// Flags: --no-build (never build the web app; the end-to-end tests build it first),
//        --no-env-file (ignore ./.env; the end-to-end tests pass their whole setting themselves).
import { connect } from 'node:net';
import {
  buildWebAppsIfStale,
  installationEnv,
  loadEnvFile,
  paint,
  spawnApp,
} from './process-kit.mjs';

const isBuildSkipped = process.argv.includes('--no-build');
loadEnvFile(process.argv.includes('--no-env-file'));

if (process.env.NODE_ENV === 'production') {
  console.error(
    '[start] NODE_ENV=production: `npm start` runs the sandbox, which is never part of production. ' +
      'Run the server alone (npm start -w @mekong/server) with the real parties and secrets.',
  );
  process.exit(1);
}

const port = process.env.PORT ?? '3000';
const sandboxPort = process.env.SANDBOX_PORT ?? '3001';
const childEnv = { ...installationEnv(sandboxPort), PORT: port };
// The member web app and the back office (docs/decisions/0014-back-office.md), each built when older than its sources.
if (!isBuildSkipped) buildWebAppsIfStale('start');

const children = new Map();
let isStopping = false;

function run(name, color, app, entry) {
  const child = spawnApp(name, color, app, entry, childEnv);
  child.on('exit', (code, signal) => {
    children.delete(name);
    if (isStopping) {
      if (children.size === 0) process.exit(process.exitCode ?? 0);
      return;
    }
    console.error(`[start] ${name} exited (${signal ?? `code ${code}`}); stopping everything.`);
    stop('SIGTERM', code || 1);
  });
  children.set(name, child);
}

function stop(signal, exitCode) {
  if (isStopping) return;
  isStopping = true;
  process.exitCode = exitCode;
  for (const child of children.values()) child.kill(signal);
  if (children.size === 0) process.exit(exitCode);
  setTimeout(() => {
    for (const child of children.values()) child.kill('SIGKILL');
    process.exit(exitCode || 1);
  }, 10_000).unref();
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => stop(signal, 0));
}

function isListening(p) {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port: Number(p) });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function waitForPorts(ports, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !isStopping) {
    const states = await Promise.all(ports.map(isListening));
    if (states.every(Boolean)) return true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

run('sandbox', '35', 'sandbox', 'apps/sandbox/src/server.ts');
run('server', '36', 'server', 'apps/server/src/server.ts');

if (await waitForPorts([port, sandboxPort], 180_000)) {
  console.log(
    paint(
      '1',
      `Mekong Wallet: http://localhost:${port}  back office: http://localhost:${port}/backoffice  sandbox: http://localhost:${sandboxPort}`,
    ),
  );
} else if (!isStopping) {
  console.error(
    `[start] the server (:${port}) or the sandbox (:${sandboxPort}) did not start listening; stopping.`,
  );
  stop('SIGTERM', 1);
}
