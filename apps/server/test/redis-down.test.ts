import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registration, uniquePhone } from './support/members.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let closedPort: number;
beforeAll(async () => {
  // A port nobody listens on: take one, then let it go.
  const probe: Server = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  closedPort = (probe.address() as { port: number }).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  t = await createTestApp({ REDIS_URL: `redis://127.0.0.1:${closedPort}` });
});
afterAll(async () => {
  await t?.close();
});

describe('Redis down (issue 8 A12)', () => {
  it('answers SERVICE_UNAVAILABLE (503) to calls that count, never 500', async () => {
    const send = await t.api('POST', '/api/otp/send', { body: { phoneNumber: uniquePhone() } });
    expect(send.json()).toEqual({ message: 'SERVICE_UNAVAILABLE' });
    expect(send.statusCode).toBe(503);

    const login = await t.api('POST', '/api/login', {
      body: { username: registration().username, password: 'some password 1' },
    });
    expect(login.json()).toEqual({ message: 'SERVICE_UNAVAILABLE' });
    expect(login.statusCode).toBe(503);
  });

  it('still answers what needs no counter', async () => {
    expect((await t.api('GET', '/api/lookup/banks')).statusCode).toBe(200);
  });
});
