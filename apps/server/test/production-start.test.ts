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
