import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveSetting } from '@/modules/settings/settings.repository.ts';
import { sandboxGet } from './support/bank.ts';
import { PASSWORD, registerMember, registration, uniquePhone } from './support/members.ts';
import { insertMember } from './support/money.ts';
import { createTestApp, uniqueIp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const MINUTE = 60_000;
const messageOf = (response: { json(): unknown }) =>
  (response.json() as { message?: string }).message;
const tryLogin = (app: TestApp, username: string, password: string, ip: string) =>
  app.api('POST', '/api/login', { body: { username, password }, ip });

/** Phones of members inserted straight in the database (no hashing, no SMS). */
async function registeredPhones(app: TestApp, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) ids.push((await insertMember(app.app.deps.db)).memberId);
  const rows = await app.app.deps.db.kysely
    .selectFrom('members')
    .select('phone')
    .where('id', 'in', ids)
    .execute();
  return rows.map((r) => r.phone);
}

describe('sign-in budgets per client (issue 8 A5)', () => {
  it('stops one client spraying a password over many phones: 10 a minute, then 30 an hour', async () => {
    const ip = uniqueIp();
    const answers: (string | undefined)[] = [];
    for (let i = 0; i < 60; i += 1) {
      answers.push(messageOf(await tryLogin(t, uniquePhone(), 'Password123', ip)));
      if (i % 5 === 4) t.clock.advance(MINUTE / 4);
    }
    expect(answers.filter((m) => m === 'WRONG_CREDENTIAL')).toHaveLength(30);
    expect(answers.slice(0, 10).every((m) => m === 'WRONG_CREDENTIAL')).toBe(true);
    expect(answers[10]).toBe('REQUEST_LIMIT_1MIN');
    expect(answers.at(-1)).toBe('REQUEST_LIMIT');
    // Another client is not affected.
    const member = await registerMember(t);
    expect((await tryLogin(t, member.username, PASSWORD, uniqueIp())).statusCode).toBe(200);
  });

  it('does not count right passwords: many members behind one address sign in', async () => {
    const ip = uniqueIp();
    const member = await registerMember(t);
    for (let i = 0; i < 15; i += 1)
      expect((await tryLogin(t, member.username, PASSWORD, ip)).statusCode).toBe(200);
  });
});

describe('phone look-up budgets (issue 8 A5)', () => {
  it('stops one client finding registered phones through otp/send', async () => {
    const phones = await registeredPhones(t, 25);
    const ip = uniqueIp();
    const answers: (string | undefined)[] = [];
    for (const phone of phones)
      answers.push(
        messageOf(await t.api('POST', '/api/otp/send', { body: { phoneNumber: phone }, ip })),
      );
    expect(answers.slice(0, 20).every((m) => m === 'EXISTING_USER')).toBe(true);
    expect(answers.slice(20).every((m) => m === 'REQUEST_LIMIT_1MIN')).toBe(true);
  });

  it('stops one client finding registered phones through validate (codes off)', async () => {
    await saveSetting(t.app.deps.db.kysely, 'registerOtp', { enabled: false }, t.clock.now());
    try {
      const phones = await registeredPhones(t, 25);
      const ip = uniqueIp();
      const answers: (string | undefined)[] = [];
      for (const phone of phones)
        answers.push(
          messageOf(
            await t.api('POST', '/api/account/validate', {
              body: registration({ username: phone }),
              ip,
            }),
          ),
        );
      expect(answers.slice(0, 20).every((m) => m === 'EXISTING_USER')).toBe(true);
      expect(answers.slice(20).every((m) => m === 'REQUEST_LIMIT_1MIN')).toBe(true);
      // A day's budget: 300 look-ups (a carrier-NAT address's day of one-time codes fits), then REQUEST_LIMIT until
      // the day slides.
      for (let i = 0; i < 14; i += 1) {
        t.clock.advance(MINUTE);
        for (const phone of phones.slice(0, 20))
          await t.api('POST', '/api/account/validate', {
            body: registration({ username: phone }),
            ip,
          });
      }
      t.clock.advance(MINUTE);
      expect(
        messageOf(
          await t.api('POST', '/api/account/validate', {
            body: registration({ username: phones[0] }),
            ip,
          }),
        ),
      ).toBe('REQUEST_LIMIT');
    } finally {
      await saveSetting(t.app.deps.db.kysely, 'registerOtp', { enabled: true }, t.clock.now());
    }
  });
});

describe('global budgets (issue 8 A5, A6)', () => {
  let small: TestApp;
  beforeAll(async () => {
    small = await createTestApp({ AUTH_GLOBAL_LIMIT_PER_MINUTE: '5', SMS_DAILY_LIMIT: '3' });
  });
  afterAll(async () => {
    await small?.close();
  });

  it('caps wrong sign-ins from all clients together per minute', async () => {
    const answers: (string | undefined)[] = [];
    for (let i = 0; i < 8; i += 1)
      answers.push(messageOf(await tryLogin(small, uniquePhone(), 'Password123', uniqueIp())));
    expect(answers.slice(0, 5).every((m) => m === 'WRONG_CREDENTIAL')).toBe(true);
    expect(answers.slice(5).every((m) => m === 'REQUEST_LIMIT_1MIN')).toBe(true);
    small.clock.advance(MINUTE);
    expect(messageOf(await tryLogin(small, uniquePhone(), 'Password123', uniqueIp()))).toBe(
      'WRONG_CREDENTIAL',
    );
  });

  it('caps phone look-ups from all clients together per minute', async () => {
    small.clock.advance(MINUTE);
    const phones = await registeredPhones(small, 7);
    const answers: (string | undefined)[] = [];
    for (const phone of phones)
      answers.push(
        messageOf(
          await small.api('POST', '/api/otp/send', {
            body: { phoneNumber: phone },
            ip: uniqueIp(),
          }),
        ),
      );
    expect(answers.slice(0, 5).every((m) => m === 'EXISTING_USER')).toBe(true);
    expect(answers.slice(5).every((m) => m === 'REQUEST_LIMIT_1MIN')).toBe(true);
  });

  it('stops sending one-time codes past the daily SMS budget (OTP_SEND_PAUSED), sending nothing', async () => {
    small.clock.advance(MINUTE);
    const sent: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const phone = uniquePhone();
      const response = await small.api('POST', '/api/otp/send', {
        body: { phoneNumber: phone },
        ip: uniqueIp(),
      });
      expect(response.statusCode, response.body).toBe(200);
      sent.push(phone);
    }
    const phone = uniquePhone();
    const refused = await small.api('POST', '/api/otp/send', {
      body: { phoneNumber: phone },
      ip: uniqueIp(),
    });
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({ message: 'OTP_SEND_PAUSED' });
    const outbox = await sandboxGet<unknown[]>(small, `/sms/outbox?phone=${phone}`);
    expect(outbox).toEqual([]);
    small.clock.advance(24 * 60 * MINUTE);
    const nextDay = await small.api('POST', '/api/otp/send', {
      body: { phoneNumber: phone },
      ip: uniqueIp(),
    });
    expect(nextDay.statusCode, nextDay.body).toBe(200);
  });
});
