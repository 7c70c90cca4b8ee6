// What `npm run start:cluster` shares with `npm start` (scripts/start.mjs): the installation's environment, the web
// builds, and children whose output is prefixed with their name.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loadOrCreateSecrets } from './installation-secrets.mjs';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Adapter URLs that point at the sandbox; when the sandbox moves they follow it unless set explicitly. */
const SANDBOX_URLS = {
  SMS_GATEWAY_URL: '/sms',
  BANK_API_URL: '/bank',
  GAME_PROVIDER_URL: '/games',
  QR_GATEWAY_URL: '/qr',
  SLIP_VERIFIER_URL: '/slip',
  TRUEMONEY_URL: '',
};

/** Reads ./.env unless told not to; variables already set in the environment win. */
export function loadEnvFile(isSkipped) {
  const file = join(root, '.env');
  if (!isSkipped && existsSync(file) && typeof process.loadEnvFile === 'function')
    process.loadEnvFile(file);
}

/** The environment every child gets: ours, the installation's secrets and the sandbox URLs where not set. */
export function installationEnv(sandboxPort) {
  const env = { ...process.env, SANDBOX_PORT: String(sandboxPort) };
  const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
  if (!env.DEMO_OPERATORS_FILE && env.SEED_DEMO !== 'false')
    env.DEMO_OPERATORS_FILE = join(root, 'data/demo-operators.json');
  for (const [name, value] of Object.entries(loadOrCreateSecrets(join(root, 'data/secrets.json'))))
    if (!env[name]) env[name] = value;
  for (const [name, path] of Object.entries(SANDBOX_URLS))
    if (!env[name]) env[name] = `${sandboxUrl}${path}`;
  return env;
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

/** Builds the member web app and the back office when their dist is missing or older than the sources. */
export function buildWebAppsIfStale(tag) {
  for (const app of ['web', 'backoffice']) {
    if (!isBuildStale(app)) continue;
    console.log(`[${tag}] building apps/${app} (its dist is missing or older than its sources)…`);
    const build = spawnSync('npm', ['run', 'build', '-w', `@mekong/${app}`], {
      cwd: root,
      stdio: 'inherit',
    });
    if (build.status !== 0) {
      console.error(`[${tag}] the ${app} build failed; not starting.`);
      process.exit(build.status ?? 1);
    }
  }
}

const useColor = process.stdout.isTTY && !process.env.NO_COLOR;
export const paint = (code, text) => (useColor ? `\x1b[${code}m${text}\x1b[0m` : text);

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

/**
 * Node with tsx's loader running `entry` (so the child is one process that receives our signals), its own tsconfig
 * named so the `@/` alias resolves, in its own process group (a terminal's Ctrl-C reaches it once, through us), and
 * stopping by itself when we die (exit-with-parent).
 */
export function spawnApp(name, color, app, entry, env) {
  const child = spawn(process.execPath, ['--import', 'tsx', '--import', exitWithParent, entry], {
    cwd: root,
    env: { ...env, TSX_TSCONFIG_PATH: join(root, `apps/${app}/tsconfig.json`) },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const prefix = paint(color, `[${name}]`);
  pipeLines(child.stdout, process.stdout, prefix);
  pipeLines(child.stderr, process.stderr, prefix);
  return child;
}

/** Polls `url` until it answers 200; false when `timeoutMs` passed or `isCancelled()` turned true. */
export async function waitForOk(url, timeoutMs, isCancelled = () => false) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !isCancelled()) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      if (response.ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}
