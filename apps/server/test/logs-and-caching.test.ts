import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInMember } from './support/members.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let token: string;
const lines: string[] = [];
beforeAll(async () => {
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  t = await createTestApp({ LOG_LEVEL: 'info' }, { logStream });
  token = (await signedInMember(t)).token;
});
afterAll(async () => {
  await t?.close();
});

describe('no secret in request logs (issue 8 A10)', () => {
  it('logs an autoLogin call without its game password', async () => {
    lines.length = 0;
    const password = 'Zq7SecretGamePass';
    await t.api('GET', `/api/autoLogin/PG/someplayer/${password}`, { token });
    await t.api('GET', `/api/autoLogin/PG/someplayer/${password}/?x=${password}`, { token });
    const log = lines.join('\n');
    expect(log).toContain('/api/autoLogin/PG/someplayer/');
    expect(log).not.toContain(password);
  });

  it('logs a slip image call without its path', async () => {
    lines.length = 0;
    const imageToken = 'Ab3_'.repeat(10) + 'xyz';
    await t.api('GET', `/api/files/slips/${imageToken}`, { isWithoutMarker: true });
    await t.api('GET', `/api/files/slips/${imageToken}?expires=1&signature=abc`, {
      isWithoutMarker: true,
    });
    const log = lines.join('\n');
    expect(log).toContain('/api/files/slips/');
    expect(log).not.toContain(imageToken);
    expect(log).not.toContain('signature=abc');
  });
});

describe('no /api answer is cached (issue 8 A10)', () => {
  it.each([
    ['a success', 'GET', '/api/account/profile', 200],
    ['an error', 'GET', '/api/wallet/account/NOSUCHGAME', 404],
    ['an unknown /api path', 'GET', '/api/no/such/thing', 404],
    ['a refused sign-in', 'POST', '/api/login', 400],
    ['a slip image not found', 'GET', `/api/files/slips/${'a'.repeat(43)}`, 404],
  ] as const)('%s carries Cache-Control: no-store', async (_what, method, url, status) => {
    const response = await t.api(method, url, { token, body: method === 'POST' ? {} : undefined });
    expect(response.statusCode).toBe(status);
    expect(response.headers['cache-control']).toBe('no-store');
  });
});
