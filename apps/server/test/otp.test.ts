import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '@/lib/secure-random.ts';
import { createTestApp, uniqueIp, type TestApp } from './support/test-app.ts';
import { expectLimit } from './support/limits.ts';
import { registerMember, registration, uniquePhone } from './support/members.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const MINUTE = 60_000;

async function send(phone: string, ip = uniqueIp(), otpToken?: string) {
  return t.api('POST', '/api/otp/send', { body: { phoneNumber: phone, otpToken }, ip });
}
async function sendOk(phone: string, ip?: string) {
  const response = await send(phone, ip);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { code: 'OK'; otpRef: string; otpToken: string };
}
const verify = (otpToken: string, otpCode: string) =>
  t.api('POST', '/api/otp/verify', { body: { otpToken, otpCode } });
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('POST /api/otp/send', () => {
  it('sends a 6-digit code with a 4-letter reference and answers our own token, not the gateway’s', async () => {
    const phone = uniquePhone();
    const sent = await sendOk(phone);
    expect(sent.code).toBe('OK');
    expect(sent.otpRef).toMatch(/^[A-Z]{4}$/);
    expect(sent.otpToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await t.readOtp(phone)).toMatch(/^\d{6}$/);
    const row = await t.app.deps.db.kysely
      .selectFrom('otp_requests')
      .selectAll()
      .where('phone', '=', phone)
      .executeTakeFirstOrThrow();
    expect(row.gateway_token).not.toBe(sent.otpToken);
    expect(row.token_hash).toBe(hashToken(sent.otpToken));
    expect(row.ref).toBe(sent.otpRef);
    expect(row.expires_at.getTime() - row.created_at.getTime()).toBe(5 * MINUTE);
  });

  it('refuses a phone that is already registered (EXISTING_USER)', async () => {
    const member = await registerMember(t);
    t.clock.advance(31 * MINUTE);
    const response = await send(member.username);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'EXISTING_USER' });
  });

  it('answers OTP_VERIFIED to the client holding the phone’s verification (30 minutes), and sends again after that', async () => {
    const phone = uniquePhone();
    const sent = await sendOk(phone);
    expect((await verify(sent.otpToken, await t.readOtp(phone))).json()).toEqual({
      message: 'OTP_CODE_VALID',
    });
    t.clock.advance(29 * MINUTE);
    const again = await send(phone, uniqueIp(), sent.otpToken);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ code: 'OTP_VERIFIED' });
    t.clock.advance(2 * MINUTE);
    expect((await send(phone, uniqueIp(), sent.otpToken)).json()).toMatchObject({ code: 'OK' });
  });

  it('sends a verified but unregistered phone a fresh code when its client lost the token; the old verification stops working (issue 27 item 9)', async () => {
    const phone = uniquePhone();
    const first = await sendOk(phone);
    expect((await verify(first.otpToken, await t.readOtp(phone))).json()).toEqual({
      message: 'OTP_CODE_VALID',
    });
    t.clock.advance(MINUTE);
    // A reload or another device: no token, or one that is not the verification's.
    const fresh = await sendOk(phone);
    expect(fresh.otpToken).not.toBe(first.otpToken);
    expect(fresh.otpRef).toMatch(/^[A-Z]{4}$/);
    const body = registration({ username: phone });
    const withOld = await t.api('POST', '/api/account/validate', {
      body: { ...body, otpToken: first.otpToken },
    });
    expect(withOld.json()).toEqual({ message: 'UNVERIFIED_OTP' });
    expect((await verify(fresh.otpToken, await t.readOtp(phone))).json()).toEqual({
      message: 'OTP_CODE_VALID',
    });
    const created = await t.api('POST', '/api/account', {
      body: { ...body, otpToken: fresh.otpToken },
    });
    expect(created.statusCode, created.body).toBe(200);
  });

  it('allows one send per phone per 60 seconds (REQUEST_LIMIT_1MIN) and replaces the earlier code', async () => {
    const phone = uniquePhone();
    const sentAt = t.clock.now().getTime();
    const first = await sendOk(phone);
    t.clock.advance(59_000);
    const tooSoon = await send(phone);
    expectLimit(tooSoon, 'REQUEST_LIMIT_1MIN', sentAt + MINUTE, t.clock.now().getTime());
    t.clock.advance(1000);
    const second = await sendOk(phone);
    expect((await verify(first.otpToken, await t.readOtp(phone))).json()).toEqual({
      message: 'OTP_EXPIRED',
    });
    expect((await verify(second.otpToken, await t.readOtp(phone))).json()).toEqual({
      message: 'OTP_CODE_VALID',
    });
  });

  it('caps sends per phone per day at 5 (REQUEST_LIMIT), telling when the first send leaves the day', async () => {
    const phone = uniquePhone();
    const ip = uniqueIp();
    const firstAt = t.clock.now().getTime();
    for (let i = 0; i < 5; i += 1) {
      await sendOk(phone);
      t.clock.advance(61_000);
    }
    const sixth = await send(phone, ip);
    const retryAt = firstAt + 24 * 60 * MINUTE;
    expectLimit(sixth, 'REQUEST_LIMIT', retryAt, t.clock.now().getTime());
    // The time is the real end of the window: a moment before it the phone is still refused, at it a code goes out.
    t.clock.advance(retryAt - 1 - t.clock.now().getTime());
    expect((await send(phone, ip)).statusCode).toBe(429);
    t.clock.advance(1);
    expect((await sendOk(phone, ip)).code).toBe('OK');
  });

  it('lets many members behind one address (carrier NAT) have codes: 30 an hour, 200 a day (issue 27 item 8)', async () => {
    const ip = uniqueIp();
    const sendHour = async () => {
      // Spread out, so the per-minute look-up budget of a client (20) is not what stops it.
      for (let i = 0; i < 30; i += 1) {
        await sendOk(uniquePhone(), ip);
        t.clock.advance(10_000);
      }
    };
    const hourFrom = t.clock.now().getTime();
    await sendHour();
    const next = await send(uniquePhone(), ip);
    expectLimit(next, 'REQUEST_LIMIT', hourFrom + 60 * MINUTE, t.clock.now().getTime());
    expect((await send(uniquePhone(), uniqueIp())).statusCode).toBe(200);
    // One client alone at the address needs about 7 hours to spend the address's day; then it is spent for everyone.
    for (let hour = 1; hour < 6; hour += 1) {
      t.clock.advance(60 * MINUTE);
      await sendHour();
    }
    t.clock.advance(60 * MINUTE);
    for (let i = 0; i < 20; i += 1) await sendOk(uniquePhone(), ip);
    t.clock.advance(MINUTE);
    expect((await send(uniquePhone(), ip)).json()).toMatchObject({ message: 'REQUEST_LIMIT' });
    t.clock.advance(24 * 60 * MINUTE);
  });

  it('keeps one address to 3 of a phone’s 5 registration codes a day (issue 27 item 8)', async () => {
    const phone = uniquePhone();
    const stranger = uniqueIp();
    const answers: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      answers.push(
        ((await send(phone, stranger)).json() as { code?: string; message?: string }).message ??
          'OK',
      );
      t.clock.advance(61_000);
    }
    expect(answers).toEqual(['OK', 'OK', 'OK', 'REQUEST_LIMIT']);
    expect((await sendOk(phone)).code).toBe('OK');
  });

  it('answers OTP_SEND_FAIL when the gateway fails or does not answer, and lets the member retry at once', async () => {
    const phone = uniquePhone();
    const otpRows = await t.countRows('otp_requests');
    try {
      await t.setSmsMode('error');
      const failed = await send(phone);
      expect(failed.statusCode).toBe(502);
      expect(failed.json()).toEqual({ message: 'OTP_SEND_FAIL' });
      await t.setSmsMode('timeout');
      const timedOut = await send(phone);
      expect(timedOut.json()).toEqual({ message: 'OTP_SEND_FAIL' });
    } finally {
      await t.setSmsMode('ok');
    }
    expect(await t.countRows('otp_requests')).toBe(otpRows);
    expect((await sendOk(phone)).code).toBe('OK');
  });

  it.each([
    ['12345', 'too short'],
    ['1812345678', 'not starting with 0'],
    ['08123456789', 'too long'],
    ['08-1234567', 'not digits'],
  ])('answers PHONE_NUMBER_REQUIRE_10_DIGIT for %s (%s)', async (phoneNumber) => {
    const response = await t.api('POST', '/api/otp/send', { body: { phoneNumber } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'PHONE_NUMBER_REQUIRE_10_DIGIT' });
  });
});

describe('POST /api/otp/verify', () => {
  it('accepts the right code once the phone is verified', async () => {
    const phone = uniquePhone();
    const sent = await sendOk(phone);
    const response = await verify(sent.otpToken, await t.readOtp(phone));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'OTP_CODE_VALID' });
    expect(
      await t.app.deps.db.kysely
        .selectFrom('otp_requests')
        .select('status')
        .where('phone', '=', phone)
        .executeTakeFirstOrThrow(),
    ).toEqual({
      status: 'verified',
    });
  });

  it('allows 5 wrong tries (OTP_CODE_INVALID), then blocks the code (OTP_BLOCK) even for the right code', async () => {
    const phone = uniquePhone();
    const sent = await sendOk(phone);
    const code = await t.readOtp(phone);
    for (let i = 0; i < 5; i += 1) {
      const response = await verify(sent.otpToken, wrongCode(code));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'OTP_CODE_INVALID' });
    }
    const blocked = await verify(sent.otpToken, code);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: 'OTP_BLOCK' });
  });

  it('accepts the right code on the fifth try', async () => {
    const phone = uniquePhone();
    const sent = await sendOk(phone);
    const code = await t.readOtp(phone);
    for (let i = 0; i < 4; i += 1)
      expect((await verify(sent.otpToken, wrongCode(code))).json()).toEqual({
        message: 'OTP_CODE_INVALID',
      });
    expect((await verify(sent.otpToken, code)).json()).toEqual({ message: 'OTP_CODE_VALID' });
  });

  it('never lets parallel guesses exceed 5 tries', async () => {
    const phone = uniquePhone();
    const sent = await sendOk(phone);
    const code = await t.readOtp(phone);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => verify(sent.otpToken, wrongCode(code))),
    );
    const messages = answers.map((r) => (r.json() as { message: string }).message);
    expect(messages.filter((m) => m === 'OTP_CODE_INVALID')).toHaveLength(5);
    expect(messages.filter((m) => m === 'OTP_BLOCK')).toHaveLength(7);
    const row = await t.app.deps.db.kysely
      .selectFrom('otp_requests')
      .select('attempts')
      .where('phone', '=', phone)
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(5);
  });

  it('answers OTP_EXPIRED after 5 minutes', async () => {
    const phone = uniquePhone();
    const sent = await sendOk(phone);
    const code = await t.readOtp(phone);
    t.clock.advance(5 * MINUTE);
    const response = await verify(sent.otpToken, code);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'OTP_EXPIRED' });
  });

  it('answers OTP_VERIFY_FAIL when the gateway fails, without using up a try', async () => {
    const phone = uniquePhone();
    const sent = await sendOk(phone);
    const code = await t.readOtp(phone);
    try {
      await t.setSmsMode('error');
      for (let i = 0; i < 6; i += 1) {
        const response = await verify(sent.otpToken, code);
        expect(response.statusCode).toBe(502);
        expect(response.json()).toEqual({ message: 'OTP_VERIFY_FAIL' });
      }
    } finally {
      await t.setSmsMode('ok');
    }
    expect((await verify(sent.otpToken, code)).json()).toEqual({ message: 'OTP_CODE_VALID' });
  });

  it('answers OTP_NOT_EXIST for a token it never issued', async () => {
    const response = await verify('x'.repeat(43), '123456');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'OTP_NOT_EXIST' });
  });

  it.each([
    [{ otpToken: 'abc', otpCode: '12345' }, 'OTP_CODE_FORMAT'],
    [{ otpToken: 'abc', otpCode: 'abcdef' }, 'OTP_CODE_FORMAT'],
    [{ otpToken: 'abc' }, 'OTP_CODE_FORMAT'],
    [{ otpToken: '', otpCode: '123456' }, 'OTP_TOKEN_REQUIRED'],
    [{ otpCode: '123456' }, 'OTP_TOKEN_REQUIRED'],
    [{ otpToken: 'x'.repeat(201), otpCode: '123456' }, 'OTP_TOKEN_INVALID'],
  ])('validates %j → %s', async (body, message) => {
    const response = await t.api('POST', '/api/otp/verify', { body });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });
});
