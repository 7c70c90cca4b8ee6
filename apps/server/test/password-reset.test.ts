import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveSetting } from '@/modules/settings/settings.repository.ts';
import { hashToken } from '@/lib/secure-random.ts';
import { expectLimit } from './support/limits.ts';
import {
  login,
  PASSWORD,
  registerMember,
  registration,
  signedInMember,
  uniquePhone,
  verifyPhone,
} from './support/members.ts';
import { adminApi, signedInOperator } from './support/operators.ts';
import { createTestApp, uniqueIp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const MINUTE = 60_000;
const NEW_PASSWORD = 'brand new pass 7';
const messageOf = (response: { json(): unknown }) =>
  (response.json() as { message?: string }).message;
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

type Sent = { code: 'OK'; otpRef: string; otpToken: string };

function forgot(app: TestApp, phone: string, ip = uniqueIp()) {
  return app.api('POST', '/api/account/password/forgot', { body: { phoneNumber: phone }, ip });
}
async function forgotOk(phone: string, ip?: string): Promise<Sent> {
  const response = await forgot(t, phone, ip);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Sent;
}
function verify(otpToken: string, otpCode: string, ip = uniqueIp()) {
  return t.api('POST', '/api/otp/verify', { body: { otpToken, otpCode }, ip });
}
function reset(phone: string, otpToken: string, password = NEW_PASSWORD) {
  return t.api('POST', '/api/account/password/reset', {
    body: { phoneNumber: phone, otpToken, password },
  });
}
async function outboxOf(phone: string): Promise<{ code: string; refno: string }[]> {
  const response = await fetch(`${t.sandboxUrl}/sms/outbox?phone=${encodeURIComponent(phone)}`);
  return (await response.json()) as { code: string; refno: string }[];
}
/** Asks for a reset code of a member's phone and verifies it; answers the verified token. */
async function verifiedResetToken(phone: string): Promise<string> {
  const sent = await forgotOk(phone);
  expect(messageOf(await verify(sent.otpToken, await t.readOtp(phone)))).toBe('OTP_CODE_VALID');
  return sent.otpToken;
}

describe('POST /api/account/password/forgot', () => {
  it('sends a member a 6-digit code by SMS and answers its reference and our own token', async () => {
    const member = await registerMember(t);
    t.clock.advance(MINUTE);
    const sent = await forgotOk(member.username);
    expect(sent.code).toBe('OK');
    expect(sent.otpRef).toMatch(/^[A-Z]{4}$/);
    expect(sent.otpToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [sms] = await outboxOf(member.username);
    expect(sms?.refno).toBe(sent.otpRef);
    expect(sms?.code).toMatch(/^\d{6}$/);
    const row = await t.app.deps.db.kysely
      .selectFrom('otp_requests')
      .selectAll()
      .where('token_hash', '=', hashToken(sent.otpToken))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ purpose: 'password_reset', status: 'sent', ref: sent.otpRef });
    expect(row.expires_at.getTime() - row.created_at.getTime()).toBe(5 * MINUTE);
  });

  it('answers a phone that is no member the same way, without sending any SMS', async () => {
    const member = await registerMember(t);
    t.clock.advance(MINUTE);
    const stranger = uniquePhone();
    const forMember = await forgot(t, member.username);
    const forStranger = await forgot(t, stranger);
    expect(forStranger.statusCode).toBe(forMember.statusCode);
    expect(Object.keys(forStranger.json() as object).sort()).toEqual(
      Object.keys(forMember.json() as object).sort(),
    );
    const answer = forStranger.json() as Sent;
    expect(answer.code).toBe('OK');
    expect(answer.otpRef).toMatch(/^[A-Z]{4}$/);
    expect(answer.otpToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await outboxOf(stranger)).toEqual([]);

    // Its code takes tries like a real one and matches none: 5 × OTP_CODE_INVALID, then OTP_BLOCK.
    const answers: (string | undefined)[] = [];
    for (let i = 0; i < 6; i += 1) answers.push(messageOf(await verify(answer.otpToken, '123456')));
    expect(answers).toEqual([...Array(5).fill('OTP_CODE_INVALID'), 'OTP_BLOCK']);
    expect(messageOf(await reset(stranger, answer.otpToken))).toBe('UNVERIFIED_OTP');
  });

  it('allows one code per phone per 60 s and 5 a day, members and others alike', async () => {
    const member = await registerMember(t);
    t.clock.advance(MINUTE);
    // The member's registration code today is not counted: reset codes have their own 5 (issue 27 item 8).
    for (const phone of [member.username, uniquePhone()]) {
      const sentAt = t.clock.now().getTime();
      await forgotOk(phone);
      t.clock.advance(59_000);
      const tooSoon = await forgot(t, phone);
      expectLimit(tooSoon, 'REQUEST_LIMIT_1MIN', sentAt + 60_000, t.clock.now().getTime());
      t.clock.advance(1000);
      for (let i = 1; i < 5; i += 1) {
        await forgotOk(phone);
        t.clock.advance(61_000);
      }
      expect(messageOf(await forgot(t, phone))).toBe('REQUEST_LIMIT');
    }
  });

  it('does not make a member who has just registered wait for the registration code’s 60 s', async () => {
    const member = await registerMember(t);
    await forgotOk(member.username);
    expect(messageOf(await forgot(t, member.username))).toBe('REQUEST_LIMIT_1MIN');
    t.clock.advance(MINUTE);
  });

  it('limits one client to 20 phones a minute (REQUEST_LIMIT_1MIN)', async () => {
    const ip = uniqueIp();
    const answers: (string | undefined)[] = [];
    for (let i = 0; i < 22; i += 1)
      answers.push(messageOf(await forgot(t, uniquePhone(), ip)) ?? 'OK');
    expect(answers.slice(0, 20).every((m) => m === 'OK')).toBe(true);
    expect(answers.slice(20)).toEqual(['REQUEST_LIMIT_1MIN', 'REQUEST_LIMIT_1MIN']);
    t.clock.advance(MINUTE);
  });

  it('answers OTP_SEND_FAIL when the gateway fails, and the member may ask again at once', async () => {
    const member = await registerMember(t);
    t.clock.advance(MINUTE);
    try {
      await t.setSmsMode('error');
      const failed = await forgot(t, member.username);
      expect(failed.statusCode).toBe(502);
      expect(failed.json()).toEqual({ message: 'OTP_SEND_FAIL' });
    } finally {
      await t.setSmsMode('ok');
    }
    await forgotOk(member.username);
  });

  it.each([
    ['a short phone', { phoneNumber: '12345' }, 'PHONE_NUMBER_REQUIRE_10_DIGIT'],
    ['a number', { phoneNumber: 812345678 }, 'PHONE_NUMBER_REQUIRE_10_DIGIT'],
    ['no phone', {}, 'PHONE_NUMBER_REQUIRE_10_DIGIT'],
    ['a NUL inside', { phoneNumber: '08\u000012345678' }, 'INVALID_CHARACTERS'],
    // Trimming must not hide a control character at either end (found by bad-input.test.ts on PostgreSQL).
    ['a CR before', { phoneNumber: '\r0812345678' }, 'INVALID_CHARACTERS'],
    ['a CR after', { phoneNumber: '0812345678\r' }, 'INVALID_CHARACTERS'],
    ['an unknown field', { phoneNumber: '0812345678', username: '0812345678' }, 'UNKNOWN_FIELD'],
    ['a 70 KiB phone', { phoneNumber: '0'.repeat(70 * 1024) }, 'BODY_TOO_LARGE'],
  ])('refuses %s with %s, sending nothing', async (_label, body, message) => {
    const rows = await t.countRows('otp_requests');
    const response = await t.api('POST', '/api/account/password/forgot', { body });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json()).toEqual({ message });
    expect(await t.countRows('otp_requests')).toBe(rows);
  });
});

describe('resetting the password with the verified code', () => {
  it('sets the new password, uses the code up and signs the member out everywhere', async () => {
    const member = await signedInMember(t);
    const otherDevice = await login(t, member.username, member.password);
    t.clock.advance(MINUTE);
    const otpToken = await verifiedResetToken(member.username);

    const response = await reset(member.username, otpToken);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'SUCCESS' });

    for (const token of [member.token, otherDevice]) {
      const profile = await t.api('GET', '/api/account/profile', { token });
      expect(profile.statusCode).toBe(401);
      expect(profile.json()).toEqual({ message: 'UNAUTHORIZED' });
    }
    const old = await t.api('POST', '/api/login', {
      body: { username: member.username, password: PASSWORD },
    });
    expect(old.json()).toEqual({ message: 'WRONG_CREDENTIAL' });
    const token = await login(t, member.username, NEW_PASSWORD);
    expect((await t.api('GET', '/api/account/profile', { token })).statusCode).toBe(200);

    // Used up: neither the reset nor the code works a second time.
    expect(messageOf(await reset(member.username, otpToken, 'third password 9'))).toBe(
      'UNVERIFIED_OTP',
    );
    expect(messageOf(await verify(otpToken, await t.readOtp(member.username)))).toBe('OTP_EXPIRED');
    await login(t, member.username, NEW_PASSWORD);
  });

  it('shows a wrong code as OTP_CODE_INVALID, blocks the code after 5, and never resets with it', async () => {
    const member = await registerMember(t);
    t.clock.advance(MINUTE);
    const sent = await forgotOk(member.username);
    const code = await t.readOtp(member.username);
    expect(messageOf(await reset(member.username, sent.otpToken))).toBe('UNVERIFIED_OTP');
    for (let i = 0; i < 5; i += 1)
      expect(messageOf(await verify(sent.otpToken, wrongCode(code)))).toBe('OTP_CODE_INVALID');
    const blocked = await verify(sent.otpToken, code);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: 'OTP_BLOCK' });
    expect(messageOf(await reset(member.username, sent.otpToken))).toBe('UNVERIFIED_OTP');
    await login(t, member.username, PASSWORD);
  });

  it('answers OTP_EXPIRED for a code older than 5 minutes', async () => {
    const member = await registerMember(t);
    t.clock.advance(MINUTE);
    const sent = await forgotOk(member.username);
    const code = await t.readOtp(member.username);
    t.clock.advance(5 * MINUTE);
    expect(messageOf(await verify(sent.otpToken, code))).toBe('OTP_EXPIRED');
    expect(messageOf(await reset(member.username, sent.otpToken))).toBe('UNVERIFIED_OTP');
  });

  it('lets a new code replace the earlier one', async () => {
    const member = await registerMember(t);
    t.clock.advance(MINUTE);
    const first = await forgotOk(member.username);
    t.clock.advance(MINUTE);
    const second = await forgotOk(member.username);
    const code = await t.readOtp(member.username);
    expect(messageOf(await verify(first.otpToken, code))).toBe('OTP_EXPIRED');
    expect(messageOf(await verify(second.otpToken, code))).toBe('OTP_CODE_VALID');
  });

  it('takes a verified code for 10 minutes only', async () => {
    const member = await registerMember(t);
    t.clock.advance(MINUTE);
    const otpToken = await verifiedResetToken(member.username);
    t.clock.advance(10 * MINUTE);
    expect(messageOf(await reset(member.username, otpToken))).toBe('UNVERIFIED_OTP');
    await login(t, member.username, PASSWORD);
  });

  it('refuses the token with another phone', async () => {
    const member = await registerMember(t);
    const other = await registerMember(t);
    t.clock.advance(MINUTE);
    const otpToken = await verifiedResetToken(member.username);
    expect(messageOf(await reset(other.username, otpToken))).toBe('UNVERIFIED_OTP');
    await login(t, other.username, PASSWORD);
    expect((await reset(member.username, otpToken)).statusCode).toBe(200);
  });

  it('never takes a registration’s code, and a reset code never registers', async () => {
    // A registration's verified, unused token of a phone that then became a member (registered with codes off).
    const phone = uniquePhone();
    const registrationToken = await verifyPhone(t, phone);
    await saveSetting(t.app.deps.db.kysely, 'registerOtp', { enabled: false }, t.clock.now());
    try {
      const created = await t.api('POST', '/api/account', {
        body: registration({ username: phone }),
        ip: uniqueIp(),
      });
      expect(created.statusCode, created.body).toBe(200);
    } finally {
      await saveSetting(t.app.deps.db.kysely, 'registerOtp', { enabled: true }, t.clock.now());
    }
    expect(messageOf(await reset(phone, registrationToken))).toBe('UNVERIFIED_OTP');

    t.clock.advance(MINUTE);
    const resetToken = await verifiedResetToken(phone);
    const validate = await t.api('POST', '/api/account/validate', {
      body: registration({ username: phone, otpToken: resetToken }),
      ip: uniqueIp(),
    });
    expect(validate.json()).toEqual({ message: 'UNVERIFIED_OTP' });
    expect((await reset(phone, resetToken)).statusCode).toBe(200);
  });

  it('lets the owner sign in at once after strangers’ wrong passwords', async () => {
    const member = await registerMember(t);
    t.clock.advance(MINUTE);
    for (let i = 0; i < 7; i += 1)
      await t.api('POST', '/api/login', {
        body: { username: member.username, password: 'not it at all' },
        ip: uniqueIp(),
      });
    expect(
      messageOf(
        await t.api('POST', '/api/login', {
          body: { username: member.username, password: PASSWORD },
          ip: uniqueIp(),
        }),
      ),
    ).toMatch(/^REQUEST_LIMIT/);
    const otpToken = await verifiedResetToken(member.username);
    expect((await reset(member.username, otpToken)).statusCode).toBe(200);
    await login(t, member.username, NEW_PASSWORD);
  });

  it('counts wrong reset codes from one client like wrong sign-ins (10 a minute)', async () => {
    const ip = uniqueIp();
    const answers: (string | undefined)[] = [];
    for (let i = 0; i < 3; i += 1) {
      const sent = await forgotOk(uniquePhone());
      for (let j = 0; j < 4; j += 1)
        answers.push(messageOf(await verify(sent.otpToken, '000000', ip)));
    }
    expect(answers.slice(0, 10).every((m) => m === 'OTP_CODE_INVALID')).toBe(true);
    expect(answers.slice(10)).toEqual(['REQUEST_LIMIT_1MIN', 'REQUEST_LIMIT_1MIN']);
    t.clock.advance(MINUTE);
  });

  it('does not count registration codes against the sign-in budget', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 3; i += 1) {
      const sent = await t.api('POST', '/api/otp/send', {
        body: { phoneNumber: uniquePhone() },
        ip: uniqueIp(),
      });
      const { otpToken } = sent.json() as Sent;
      for (let j = 0; j < 4; j += 1)
        expect(messageOf(await verify(otpToken, '000000', ip))).toBe('OTP_CODE_INVALID');
    }
  });

  it.each([
    [
      { phoneNumber: '0812345678', otpToken: 'a'.repeat(43), password: 'short' },
      'PASSWORD_TOO_SHORT',
    ],
    [
      { phoneNumber: '0812345678', otpToken: 'a'.repeat(43), password: 'x'.repeat(129) },
      'PASSWORD_TOO_LONG',
    ],
    [
      { phoneNumber: '0812345678', otpToken: 'a'.repeat(43), password: 'pass\u0000word1' },
      'INVALID_CHARACTERS',
    ],
    [
      { phoneNumber: '0812345678', otpToken: 'a\u001b'.repeat(20), password: 'password 1' },
      'INVALID_CHARACTERS',
    ],
    [
      { phoneNumber: '0812345678', otpToken: 'a'.repeat(201), password: 'password 1' },
      'OTP_TOKEN_INVALID',
    ],
    [{ phoneNumber: '0812345678', password: 'password 1' }, 'OTP_TOKEN_REQUIRED'],
    [
      { phoneNumber: '081234', otpToken: 'a'.repeat(43), password: 'password 1' },
      'PHONE_NUMBER_REQUIRE_10_DIGIT',
    ],
    [
      {
        phoneNumber: '0812345678',
        otpToken: 'a'.repeat(43),
        password: 'password 1',
        otpCode: '123456',
      },
      'UNKNOWN_FIELD',
    ],
    [
      { phoneNumber: '0812345678', otpToken: 'a'.repeat(43), password: 'password 1' },
      'UNVERIFIED_OTP',
    ],
  ])('refuses %j with %s', async (body, message) => {
    const response = await t.api('POST', '/api/account/password/reset', { body });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });
});

describe('a stranger cannot block a member’s password reset (issue 27 item 8)', () => {
  const supportReset = async (token: string, memberId: string) =>
    adminApi(t, 'POST', `/api/admin/members/${memberId}/password-reset`, {
      token,
      body: { reason: 'Member called: cannot get a code' },
    });
  const memberIdOf = async (phone: string) =>
    (
      await t.app.deps.db.kysely
        .selectFrom('members')
        .select('id')
        .where('phone', '=', phone)
        .executeTakeFirstOrThrow()
    ).id;

  it('counts registration and reset codes apart: a phone’s 5 reset codes leave its registration codes alone', async () => {
    const phone = uniquePhone();
    for (let i = 0; i < 5; i += 1) {
      await forgotOk(phone);
      t.clock.advance(61_000);
    }
    expect(messageOf(await forgot(t, phone))).toBe('REQUEST_LIMIT');
    const send = await t.api('POST', '/api/otp/send', {
      body: { phoneNumber: phone },
      ip: uniqueIp(),
    });
    expect(send.statusCode, send.body).toBe(200);
    expect(send.json()).toMatchObject({ code: 'OK' });
  });

  it('keeps one client address to 3 of a phone’s reset codes a day: the member still gets one', async () => {
    const member = await registerMember(t);
    t.clock.advance(MINUTE);
    const stranger = uniqueIp();
    const answers: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      answers.push(messageOf(await forgot(t, member.username, stranger)) ?? 'OK');
      t.clock.advance(61_000);
    }
    expect(answers).toEqual(['OK', 'OK', 'OK', 'REQUEST_LIMIT']);
    const own = await verifiedResetToken(member.username);
    expect(messageOf(await reset(member.username, own))).toBe('SUCCESS');
  });

  it('lets support send a reset when strangers used up the phone’s budget, without spending the member’s', async () => {
    const member = await registerMember(t);
    const memberId = await memberIdOf(member.username);
    const support = await signedInOperator(t, 'support');
    t.clock.advance(MINUTE);
    // Four strangers' addresses, a minute apart, and a fifth: the phone's reset codes for the day are gone.
    for (let i = 0; i < 5; i += 1) {
      await forgotOk(member.username, uniqueIp());
      t.clock.advance(61_000);
    }
    expect(messageOf(await forgot(t, member.username))).toBe('REQUEST_LIMIT');

    const sent = await supportReset(support.token, memberId);
    expect(sent.statusCode, sent.body).toBe(200);
    const { otpRef } = sent.json<{ otpRef: string }>();
    // The member's own call picks up support's code, and the reset goes through.
    const picked = await forgotOk(member.username);
    expect(picked.otpRef).toBe(otpRef);
    expect(messageOf(await verify(picked.otpToken, await t.readOtp(member.username)))).toBe(
      'OTP_CODE_VALID',
    );
    expect(messageOf(await reset(member.username, picked.otpToken))).toBe('SUCCESS');
  });

  it('does not take support’s reset out of the member’s own daily budget', async () => {
    const member = await registerMember(t);
    const memberId = await memberIdOf(member.username);
    const support = await signedInOperator(t, 'support');
    t.clock.advance(MINUTE);
    expect((await supportReset(support.token, memberId)).statusCode).toBe(200);
    // Support's code expires unused; the member still has the day's 5 of their own.
    t.clock.advance(6 * MINUTE);
    for (let i = 0; i < 5; i += 1) {
      await forgotOk(member.username);
      t.clock.advance(61_000);
    }
    expect(messageOf(await forgot(t, member.username))).toBe('REQUEST_LIMIT');
  });
});

describe('global limits on reset codes', () => {
  let small: TestApp;
  beforeAll(async () => {
    small = await createTestApp({ SMS_DAILY_LIMIT: '2', AUTH_GLOBAL_LIMIT_PER_MINUTE: '3' });
  });
  afterAll(async () => {
    await small?.close();
  });

  it('stop at the phone look-ups of all clients per minute, then at the day’s SMS budget', async () => {
    const answers: (string | undefined)[] = [];
    for (let i = 0; i < 4; i += 1)
      answers.push(messageOf(await forgot(small, uniquePhone(), uniqueIp())) ?? 'OK');
    expect(answers).toEqual(['OK', 'OK', 'OTP_SEND_PAUSED', 'REQUEST_LIMIT_1MIN']);
    small.clock.advance(MINUTE);
    const paused = await forgot(small, uniquePhone(), uniqueIp());
    expect(paused.statusCode).toBe(503);
    expect(paused.json()).toMatchObject({ message: 'OTP_SEND_PAUSED' });
    // The day's SMS budget has room again when its first code leaves the day.
    expect(Number(paused.headers['retry-after'])).toBeGreaterThan(23 * 60 * 60);
  });
});
