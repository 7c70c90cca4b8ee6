import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const serverDir = fileURLToPath(new URL('..', import.meta.url));

/** Runs the server as `npm start -w @mekong/server` does (tsx src/server.ts), with only the given environment. */
function runServer(env: Record<string, string>, timeoutMs: number) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: serverDir,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    // A server that starts instead of refusing is stopped, and the test fails on its exit code.
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe('the real server in production (issue 8 A1)', () => {
  it('refuses to start with the default settings, naming a setting', async () => {
    const { code, output } = await runServer(
      // Port 0 and an in-memory database, so a server that wrongly starts touches nothing.
      { NODE_ENV: 'production', PORT: '0', PGLITE_DIR: 'memory://' },
      60_000,
    );
    expect(code, output).not.toBe(0);
    expect(code, output).not.toBeNull();
    expect(output).toMatch(/SMS_GATEWAY_URL: points at this machine or the sandbox/);
    expect(output).toMatch(/QR_WEBHOOK_SECRET_KBANK: required when NODE_ENV is production/);
    expect(output).not.toMatch(/at .*\.ts:\d+/);
  }, 90_000);
});

const strong = (seed: string) => `${seed}-${'k'.repeat(40)}`;
const PARTNER_URLS = {
  SMS_GATEWAY_URL: 'https://sms.example.com/v2',
  BANK_API_URL: 'https://bank.example.com',
  GAME_PROVIDER_URL: 'https://games.example.com',
  QR_GATEWAY_URL: 'https://qr.example.com',
  SLIP_VERIFIER_URL: 'https://slip.example.com',
  TRUEMONEY_URL: 'https://gift.truemoney.com',
};
/**
 * Everything production asks for, with random-looking secrets. The database is a closed port, so a server that
 * wrongly accepts one unsafe setting below fails later, on the connection, without naming that setting.
 */
const SAFE: Record<string, string> = {
  NODE_ENV: 'production',
  PORT: '0',
  JOBS_ENABLED: 'false',
  DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
  PUBLIC_URL: 'https://wallet.example.com',
  ...PARTNER_URLS,
  SMS_API_KEY: strong('sms'),
  BANK_API_KEY: strong('bank'),
  GAME_API_KEY: strong('game'),
  QR_API_KEY: strong('qr'),
  SLIP_API_KEY: strong('slip'),
  QR_WEBHOOK_SECRET_KBANK: strong('kbank'),
  QR_WEBHOOK_SECRET_WW: strong('ww'),
  QR_WEBHOOK_SECRET_E2P: strong('e2p'),
  TRUELINK_SECRET: strong('truelink'),
  SLIP_LINK_SECRET: strong('slip-link'),
  CHAT_GUEST_SECRET: strong('chat-guest'),
  GAME_CREDENTIALS_KEY: 'ab'.repeat(32),
  AUDIT_HMAC_KEY: strong('audit-hmac'),
};
const without = (name: string) =>
  Object.fromEntries(Object.entries(SAFE).filter(([k]) => k !== name));
const httpPartners = Object.fromEntries(
  Object.entries(PARTNER_URLS).map(([name, url]) => [name, url.replace('https://', 'http://')]),
);

describe('production refuses an unsafe installation (issue 27 item 7)', () => {
  it.each([
    [
      'demo data asked for',
      { ...SAFE, SEED_DEMO: 'true' },
      [/SEED_DEMO: demo data is never seeded in production/],
    ],
    [
      'the embedded database',
      { ...without('DATABASE_URL'), PGLITE_DIR: 'memory://' },
      [/DATABASE_URL: required when NODE_ENV is production/],
    ],
    [
      'http:// partner URLs',
      { ...SAFE, ...httpPartners },
      Object.keys(PARTNER_URLS).map((name) => new RegExp(`${name}: must be https in production`)),
    ],
    ['no PUBLIC_URL', without('PUBLIC_URL'), [/PUBLIC_URL: required when NODE_ENV is production/]],
    [
      'PUBLIC_URL on loopback',
      { ...SAFE, PUBLIC_URL: 'https://127.0.0.1:3000' },
      [/PUBLIC_URL: must be a public address/],
    ],
  ])(
    'exits non-zero with %s, naming the setting',
    async (_case, env, expected) => {
      const { code, output } = await runServer(env, 60_000);
      expect(code, output).not.toBe(0);
      expect(code, output).not.toBeNull();
      expect(output).toMatch(/Invalid configuration for production/);
      for (const pattern of expected) expect(output).toMatch(pattern);
      // Only that setting is named: every other one is safe.
      expect(output.split('\n').filter((line) => /^\s+[A-Z_]+: /.test(line))).toHaveLength(
        expected.length,
      );
    },
    90_000,
  );
});
