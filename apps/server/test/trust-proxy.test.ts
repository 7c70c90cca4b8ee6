import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniquePhone } from './support/members.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

const PROXY = '10.99.0.1';

let t: TestApp;
beforeAll(async () => {
  // Two one-time codes per client address per day, and one known proxy in front.
  t = await createTestApp({ TRUST_PROXY: `${PROXY},10.98.0.0/16`, OTP_DAILY_LIMIT_IP: '2' });
});
afterAll(async () => {
  await t?.close();
});

let lastPhone = '';
const send = (peer: string, forwardedFor: string) => {
  lastPhone = uniquePhone();
  return t.api('POST', '/api/otp/send', {
    body: { phoneNumber: lastPhone },
    ip: peer,
    headers: { 'x-forwarded-for': forwardedFor },
  });
};

/** The client address the last code was counted under. */
async function ipOfLastCode() {
  const row = await t.app.deps.db.kysely
    .selectFrom('otp_requests')
    .select('ip')
    .where('phone', '=', lastPhone)
    .executeTakeFirstOrThrow();
  return row.ip;
}

describe('TRUST_PROXY (issue 8 A6)', () => {
  it('ignores X-Forwarded-For from a peer that is not a configured proxy, for the per-IP limits', async () => {
    const peer = '10.77.0.1';
    expect((await send(peer, '203.0.113.1')).statusCode).toBe(200);
    expect(await ipOfLastCode()).toBe(peer);
    expect((await send(peer, '203.0.113.2')).statusCode).toBe(200);
    // A new made-up address per call does not buy a new budget.
    const third = await send(peer, '203.0.113.3');
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({ message: 'REQUEST_LIMIT' });
  });

  it('honours X-Forwarded-For through a configured proxy (an address or a range)', async () => {
    for (const [i, proxy] of [PROXY, '10.98.3.4', PROXY, '10.98.3.4'].entries()) {
      const client = `198.51.100.${i + 1}`;
      expect((await send(proxy, client)).statusCode).toBe(200);
      expect(await ipOfLastCode()).toBe(client);
    }
    // The proxy's clients are counted one by one: the third code for one of them is refused.
    expect((await send(PROXY, '198.51.100.9')).statusCode).toBe(200);
    expect((await send('10.98.0.7', '198.51.100.9')).statusCode).toBe(200);
    expect((await send(PROXY, '198.51.100.9')).statusCode).toBe(429);
    // A client cannot pass a forged hop through the proxy: only the address the proxy saw counts.
    expect((await send(PROXY, '192.0.2.55, 198.51.100.9')).statusCode).toBe(429);
  });
});
