#!/usr/bin/env node
// `npm start`: builds the web app when needed, then runs the sandbox and the server side by side, both with this
// installation's generated secrets (data/secrets.json; a variable set in the environment or .env wins).
// Flags: --no-build (never build the web app; the end-to-end tests build it first),
//        --no-env-file (ignore ./.env; the end-to-end tests pass their whole setting themselves).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { connect } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loadOrCreateSecrets } from './installation-secrets.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const isBuildSkipped = process.argv.includes('--no-build');
const isEnvFileSkipped = process.argv.includes('--no-env-file');

if (
  !isEnvFileSkipped &&
  existsSync(join(root, '.env')) &&
  typeof process.loadEnvFile === 'function'
) {
  // Variables already set in the environment win over .env.
  process.loadEnvFile(join(root, '.env'));
}

if (process.env.NODE_ENV === 'production') {
  console.error(
    '[start] NODE_ENV=production: `npm start` runs the sandbox, which is never part of production. ' +
      'Run the server alone (npm start -w @mekong/server) with the real parties and secrets.',
  );
  process.exit(1);
}

const port = process.env.PORT ?? '3000';
const sandboxPort = process.env.SANDBOX_PORT ?? '3001';
const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;

// Adapter URLs that point at the sandbox by default; when the sandbox moves, they follow it unless set explicitly.
const SANDBOX_URLS = {
  SMS_GATEWAY_URL: '/sms',
  BANK_API_URL: '/bank',
  GAME_PROVIDER_URL: '/games',
  QR_GATEWAY_URL: '/qr',
  SLIP_VERIFIER_URL: '/slip',
  TRUEMONEY_URL: '',
};

const secrets = loadOrCreateSecrets(join(root, 'data/secrets.json'));
const childEnv = { ...process.env, PORT: port, SANDBOX_PORT: sandboxPort };
// Demo back-office operators (random passwords) are written here on a fresh demo database.
if (!childEnv.DEMO_OPERATORS_FILE && childEnv.SEED_DEMO !== 'false')
  childEnv.DEMO_OPERATORS_FILE = join(root, 'data/demo-operators.json');
for (const [name, value] of Object.entries(secrets)) {
  if (!childEnv[name]) childEnv[name] = value;
}
for (const [name, path] of Object.entries(SANDBOX_URLS)) {
  if (!childEnv[name]) childEnv[name] = `${sandboxUrl}${path}`;
}

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

function isBuildStale(app) {
  const built = join(root, `apps/${app}/dist/index.html`);
  if (!existsSync(built)) return true;
  const sources = [
    `apps/${app}/src`,
    `apps/${app}/public`,
    `apps/${app}/index.html`,
    `apps/${app}/vite.config.ts`,
    `apps/${app}/package.json`,
    'packages/contracts/src',
  ].map((p) => newestMtime(join(root, p)));
  return Math.max(...sources) > statSync(built).mtimeMs;
}

// The member web app and the back office (docs/decisions/0014-back-office.md), each built when older than its sources.
for (const app of ['web', 'backoffice']) {
  if (isBuildSkipped || !isBuildStale(app)) continue;
  console.log(`[start] building apps/${app} (its dist is missing or older than its sources)…`);
  const build = spawnSync('npm', ['run', 'build', '-w', `@mekong/${app}`], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) {
    console.error(`[start] the ${app} build failed; not starting.`);
    process.exit(build.status ?? 1);
  }
}

const useColor = process.stdout.isTTY && !process.env.NO_COLOR;
const paint = (code, text) => (useColor ? `\x1b[${code}m${text}\x1b[0m` : text);

const children = new Map();
let isStopping = false;

function pipeLines(stream, out, prefix) {
  let rest = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) out.write(`${prefix} ${line}\n`);
  });
  stream.on('end', () => {
    if (rest) out.write(`${prefix} ${rest}\n`);
  });
}

const exitWithParent = pathToFileURL(join(root, 'scripts/exit-with-parent.mjs')).href;

function run(name, color, entry, extraEnv = {}) {
  // Node with tsx's loader, so the child is one process that receives our signals directly.
  // The app's own tsconfig is named so its `@/` path alias resolves while the working directory stays the repo root.
  // Its own process group: a terminal's Ctrl-C reaches it once, forwarded by us, not twice mid-shutdown.
  const child = spawn(process.execPath, ['--import', 'tsx', '--import', exitWithParent, entry], {
    cwd: root,
    env: { ...childEnv, ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const prefix = paint(color, `[${name}]`);
  pipeLines(child.stdout, process.stdout, prefix);
  pipeLines(child.stderr, process.stderr, prefix);
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

run('sandbox', '35', 'apps/sandbox/src/server.ts', {
  TSX_TSCONFIG_PATH: join(root, 'apps/sandbox/tsconfig.json'),
});
run('server', '36', 'apps/server/src/server.ts', {
  TSX_TSCONFIG_PATH: join(root, 'apps/server/tsconfig.json'),
});

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
