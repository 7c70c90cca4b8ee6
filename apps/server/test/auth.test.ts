import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '@/lib/secure-random.ts';
import { createTestApp, uniqueIp, type TestApp } from './support/test-app.ts';
import { expectLimit } from './support/limits.ts';
import { login, PASSWORD, registerMember, signedInMember, uniquePhone } from './support/members.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
// Each try from its own address unless told: these tests are about the phone's rule, not the client's budget.
const tryLogin = (username: string, password: string, ip = uniqueIp()) =>
  t.api('POST', '/api/login', { body: { username, password }, ip });
const SECOND = 1000;
const profile = (token: string) => t.api('GET', '/api/account/profile', { token });

describe('login (D4)', () => {
  it('answers an opaque token and keeps only its hash', async () => {
    const member = await registerMember(t);
    const response = await tryLogin(member.username, PASSWORD);
    expect(response.statusCode).toBe(200);
    const { token } = response.json() as { token: string };
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await t.app.deps.db.kysely.selectFrom('sessions').select('token_hash').execute();
    expect(rows.map((r) => r.token_hash)).toContain(hashToken(token));
    expect(rows.map((r) => r.token_hash)).not.toContain(token);
    expect((await profile(token)).statusCode).toBe(200);
  });

  it('answers WRONG_CREDENTIAL alike for a wrong password and an unknown phone', async () => {
    const member = await registerMember(t);
    const wrong = await tryLogin(member.username, 'not the password');
    const unknown = await tryLogin(uniquePhone(), PASSWORD);
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'WRONG_CREDENTIAL' });
    }
  });

  it('validates the login body', async () => {
    expect((await tryLogin('12345', PASSWORD)).json()).toEqual({
      message: 'PHONE_NUMBER_REQUIRE_10_DIGIT',
    });
    expect((await tryLogin('0812345678', '')).json()).toEqual({ message: 'PASSWORD_REQUIRED' });
    expect(
      (await t.api('POST', '/api/login', { body: { username: '0812345678' } })).json(),
    ).toEqual({ message: 'PASSWORD_REQUIRED' });
  });

  it('after 5 wrong passwords makes each try wait longer (10 s doubling, at most 5 minutes); the right one gets in after the wait', async () => {
    const member = await registerMember(t);
    for (let i = 0; i < 5; i += 1)
      expect((await tryLogin(member.username, `wrong ${i}`)).json()).toEqual({
        message: 'WRONG_CREDENTIAL',
      });
    let lastTryAt = t.clock.now().getTime();
    for (const waitMs of [10, 20, 40, 80, 160, 300, 300].map((s) => s * SECOND)) {
      t.clock.advance(waitMs - SECOND);
      const early = await tryLogin(member.username, PASSWORD);
      // The answer tells when the wait ends: the last try plus the delay, a second from now.
      expectLimit(
        early,
        waitMs <= 60 * SECOND ? 'REQUEST_LIMIT_1MIN' : 'REQUEST_LIMIT',
        lastTryAt + waitMs,
        t.clock.now().getTime(),
      );
      t.clock.advance(SECOND);
      lastTryAt = t.clock.now().getTime();
      expect((await tryLogin(member.username, 'wrong again')).json()).toEqual({
        message: 'WRONG_CREDENTIAL',
      });
    }
    t.clock.advance(5 * MINUTE);
    expect((await tryLogin(member.username, PASSWORD)).statusCode).toBe(200);
    // The right password starts the count again.
    expect((await tryLogin(member.username, 'wrong')).json()).toEqual({
      message: 'WRONG_CREDENTIAL',
    });
  });

  it('does not let a stranger lock the owner out for 15 minutes', async () => {
    const member = await registerMember(t);
    const stranger = uniqueIp();
    // The stranger tries as often as the server lets it for a minute.
    for (let s = 0; s < 60; s += 1) {
      await tryLogin(member.username, 'not the password', stranger);
      t.clock.advance(SECOND);
    }
    t.clock.advance(5 * MINUTE);
    const owner = await tryLogin(member.username, PASSWORD);
    expect(owner.statusCode, owner.body).toBe(200);
  });

  it('counts wrong passwords over an hour, and forgets them after it', async () => {
    const member = await registerMember(t);
    for (let i = 0; i < 4; i += 1)
      expect((await tryLogin(member.username, 'wrong')).json()).toEqual({
        message: 'WRONG_CREDENTIAL',
      });
    t.clock.advance(60 * MINUTE);
    for (let i = 0; i < 5; i += 1)
      expect((await tryLogin(member.username, 'wrong')).json()).toEqual({
        message: 'WRONG_CREDENTIAL',
      });
    expect((await tryLogin(member.username, 'wrong')).json()).toMatchObject({
      message: 'REQUEST_LIMIT_1MIN',
    });
  });

  it('treats unknown phones the same way', async () => {
    const phone = uniquePhone();
    for (let i = 0; i < 5; i += 1)
      expect((await tryLogin(phone, 'whatever1')).json()).toEqual({ message: 'WRONG_CREDENTIAL' });
    const now = t.clock.now().getTime();
    expectLimit(await tryLogin(phone, 'whatever1'), 'REQUEST_LIMIT_1MIN', now + 10 * SECOND, now);
  });

  it('never lets parallel guesses get past the free tries', async () => {
    const member = await registerMember(t);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => tryLogin(member.username, `guess ${i}`)),
    );
    const messages = answers.map((r) => (r.json() as { message: string }).message);
    expect(messages.filter((m) => m === 'WRONG_CREDENTIAL').length).toBeLessThanOrEqual(6);
    expect(messages.every((m) => m === 'WRONG_CREDENTIAL' || m === 'REQUEST_LIMIT_1MIN')).toBe(
      true,
    );
    expect((await tryLogin(member.username, PASSWORD)).json()).toMatchObject({
      message: 'REQUEST_LIMIT_1MIN',
    });
  });

  it('answers INACTIVE_USER for a suspended member, at login and on a live session', async () => {
    const member = await signedInMember(t);
    await t.app.deps.db.kysely
      .updateTable('members')
      .set({ status: 'suspended' })
      .where('phone', '=', member.username)
      .execute();
    const atLogin = await tryLogin(member.username, PASSWORD);
    expect(atLogin.statusCode).toBe(403);
    expect(atLogin.json()).toEqual({ message: 'INACTIVE_USER' });
    expect((await profile(member.token)).json()).toEqual({ message: 'INACTIVE_USER' });
    // A suspended member's wrong password still says nothing about the account.
    expect((await tryLogin(member.username, 'wrong password')).json()).toEqual({
      message: 'WRONG_CREDENTIAL',
    });
  });
});

describe('sessions (D4)', () => {
  it('expire after 7 days without use (EXPIRED_AUTH_TOKEN)', async () => {
    const member = await signedInMember(t);
    t.clock.advance(7 * DAY);
    const response = await profile(member.token);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'EXPIRED_AUTH_TOKEN' });
  });

  it('stay alive while used', async () => {
    const member = await signedInMember(t);
    for (let i = 0; i < 3; i += 1) {
      t.clock.advance(6 * DAY);
      expect((await profile(member.token)).statusCode).toBe(200);
    }
  });

  it('end 30 days after sign-in even when used every day (EXPIRED_AUTH_TOKEN)', async () => {
    const member = await signedInMember(t);
    for (let day = 1; day < 30; day += 1) {
      t.clock.advance(DAY);
      expect((await profile(member.token)).statusCode, `day ${day}`).toBe(200);
    }
    t.clock.advance(DAY);
    const response = await profile(member.token);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'EXPIRED_AUTH_TOKEN' });
    // A new sign-in starts a new 30 days.
    expect((await profile(await login(t, member.username))).statusCode).toBe(200);
  });

  it('record their last use at most once a minute, and expire 7 days after the recorded use', async () => {
    const member = await signedInMember(t);
    const lastUse = () =>
      t.app.deps.db.kysely
        .selectFrom('sessions')
        .select('last_used_at')
        .innerJoin('members', 'members.id', 'sessions.member_id')
        .where('members.phone', '=', member.username)
        .executeTakeFirstOrThrow()
        .then((r) => new Date(r.last_used_at).getTime());
    const signedInAt = await lastUse();
    t.clock.advance(30_000);
    expect((await profile(member.token)).statusCode).toBe(200);
    expect(await lastUse()).toBe(signedInAt);
    t.clock.advance(31_000);
    expect((await profile(member.token)).statusCode).toBe(200);
    const touchedAt = await lastUse();
    expect(touchedAt).toBe(signedInAt + 61_000);
    // Used again 59 s later: not recorded, so the 7 days count from the recorded use (at most a minute early).
    t.clock.advance(59_000);
    expect((await profile(member.token)).statusCode).toBe(200);
    expect(await lastUse()).toBe(touchedAt);
    t.clock.advance(7 * DAY - 59_000 + 1);
    expect((await profile(member.token)).json()).toEqual({ message: 'EXPIRED_AUTH_TOKEN' });
  });

  it('end at logout (then UNAUTHORIZED), leaving other sessions alone', async () => {
    const member = await signedInMember(t);
    const other = await login(t, member.username);
    const response = await t.api('POST', '/api/logout', { token: member.token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'SUCCESS' });
    expect((await profile(member.token)).json()).toEqual({ message: 'UNAUTHORIZED' });
    expect((await t.api('POST', '/api/logout', { token: member.token })).json()).toEqual({
      message: 'UNAUTHORIZED',
    });
    expect((await profile(other)).statusCode).toBe(200);
  });

  it('answer concurrent calls, which share one session query, each by its own token', async () => {
    const live = await signedInMember(t);
    const loggedOut = await signedInMember(t);
    await t.api('POST', '/api/logout', { token: loggedOut.token });
    const suspended = await signedInMember(t);
    await t.app.deps.db.kysely
      .updateTable('members')
      .set({ status: 'suspended' })
      .where('phone', '=', suspended.username)
      .execute();
    const tokens = [live.token, loggedOut.token, suspended.token, 'u'.repeat(43), live.token];
    const answers = await Promise.all(tokens.map((token) => profile(token)));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 401, 403, 401, 200]);
    expect(
      answers.map((r) => (r.statusCode === 200 ? r.json().profile.username : r.json().message)),
    ).toEqual([live.username, 'UNAUTHORIZED', 'INACTIVE_USER', 'UNAUTHORIZED', live.username]);
  });

  it('refuse unknown, malformed and missing tokens (UNAUTHORIZED)', async () => {
    for (const authorization of [
      'Bearer ' + 'a'.repeat(43),
      'Bearer',
      'Basic dXNlcjpwYXNz',
      'Bearer a b',
      `Bearer ${'x'.repeat(300)}`,
    ]) {
      const response = await t.api('GET', '/api/account/profile', { headers: { authorization } });
      expect(response.statusCode, authorization).toBe(401);
      expect(response.json()).toEqual({ message: 'UNAUTHORIZED' });
    }
    expect((await t.api('GET', '/api/account/profile')).json()).toEqual({
      message: 'UNAUTHORIZED',
    });
  });

  it('check the session before reading the body', async () => {
    const response = await t.api('PUT', '/api/account/changepwd', {
      rawBody: '{nope',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.json()).toEqual({ message: 'UNAUTHORIZED' });
  });
});
