import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveSetting } from '@/modules/settings/settings.repository.ts';
import { signedInMember } from './support/members.ts';
import { heldWithdrawal } from './support/money-out.ts';
import { adminApi, nextTotpStep, signedInOperator, totpAt } from './support/operators.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function signInStep(username: string, password: string, ip?: string) {
  return adminApi(t, 'POST', '/api/admin/auth/sign-in', { body: { username, password }, ip });
}

describe('back-office sign-in (docs/decisions/0014-back-office.md#sign-in)', () => {
  it('a new operator enrols an authenticator, gets ten recovery codes and a session that /me accepts', async () => {
    const op = await signedInOperator(t, 'finance');
    expect(op.recoveryCodes).toHaveLength(10);
    const me = await adminApi(t, 'GET', '/api/admin/auth/me', { token: op.token });
    expect(me.statusCode).toBe(200);
    expect(me.json().operator).toMatchObject({ username: op.username, role: 'finance' });
    expect(me.json().operator.permissions).toContain('withdrawals.decide');
    expect(me.json().operator.permissions).not.toContain('audit.read');
  });

  it('an enrolled operator needs the current code; a code works once; a wrong one is refused', async () => {
    const op = await signedInOperator(t, 'support');
    nextTotpStep(t);
    const first = await signInStep(op.username, op.password);
    expect(first.json().next).toBe('totp');
    const wrong = await adminApi(t, 'POST', '/api/admin/auth/totp', {
      body: { challengeToken: first.json().challengeToken, code: '000000' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('OPERATOR_TOTP_INVALID');
    const code = await totpAt(t, op.secret);
    const right = await adminApi(t, 'POST', '/api/admin/auth/totp', {
      body: { challengeToken: first.json().challengeToken, code },
    });
    expect(right.statusCode, right.body).toBe(200);
    // The same code again, with a new password step: refused (replay).
    const second = await signInStep(op.username, op.password);
    const replay = await adminApi(t, 'POST', '/api/admin/auth/totp', {
      body: { challengeToken: second.json().challengeToken, code },
    });
    expect(replay.json().message).toBe('OPERATOR_TOTP_INVALID');
    // The used challenge is gone.
    const reused = await adminApi(t, 'POST', '/api/admin/auth/totp', {
      body: { challengeToken: first.json().challengeToken, code: await totpAt(t, op.secret, 30) },
    });
    expect(reused.json().message).toBe('UNAUTHORIZED');
  });

  it('a recovery code signs in once', async () => {
    const op = await signedInOperator(t, 'auditor');
    const code = op.recoveryCodes[0]!;
    const a = await signInStep(op.username, op.password);
    const used = await adminApi(t, 'POST', '/api/admin/auth/totp', {
      body: { challengeToken: a.json().challengeToken, code },
    });
    expect(used.statusCode, used.body).toBe(200);
    expect(used.json().recoveryCodesLeft).toBe(9);
    const b = await signInStep(op.username, op.password);
    const again = await adminApi(t, 'POST', '/api/admin/auth/totp', {
      body: { challengeToken: b.json().challengeToken, code },
    });
    expect(again.json().message).toBe('OPERATOR_TOTP_INVALID');
  });

  it('five wrong passwords lock the operator at that address for fifteen minutes, even with the right password', async () => {
    const op = await signedInOperator(t, 'marketing');
    const codes: string[] = [];
    for (let i = 0; i < 5; i += 1)
      codes.push((await signInStep(op.username, 'wrong-password-x')).json().message);
    expect(codes).toEqual([...Array(4).fill('OPERATOR_SIGN_IN_FAILED'), 'OPERATOR_LOCKED']);
    const locked = await signInStep(op.username, op.password);
    expect(locked.statusCode).toBe(423);
    expect(locked.json().message).toBe('OPERATOR_LOCKED');
    t.clock.advance(15 * 60_000 + 1000);
    expect((await signInStep(op.username, op.password)).statusCode).toBe(200);
    const audit = await t.app.deps.db.kysely
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', op.id)
      .execute();
    expect(audit.map((a) => a.action)).toContain('operator.locked');
  });

  it('wrong codes count toward the lock-out too', async () => {
    const op = await signedInOperator(t, 'support');
    const results: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const step = await signInStep(op.username, op.password);
      const r = await adminApi(t, 'POST', '/api/admin/auth/totp', {
        body: { challengeToken: step.json().challengeToken, code: '123456' },
      });
      results.push(r.json().message);
    }
    expect(results.at(-1)).toBe('OPERATOR_LOCKED');
  });

  it('an unknown username and a wrong password answer the same', async () => {
    const unknown = await signInStep('nobody-here', 'some-password-1');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe('OPERATOR_SIGN_IN_FAILED');
  });

  it('a challenge token is not a session; sessions end when idle and at their absolute limit', async () => {
    const op = await signedInOperator(t, 'owner');
    const step = await signInStep(op.username, op.password);
    const asSession = await adminApi(t, 'GET', '/api/admin/auth/me', {
      token: step.json().challengeToken,
    });
    expect(asSession.statusCode).toBe(401);
    t.clock.advance(31 * 60_000);
    expect((await adminApi(t, 'GET', '/api/admin/auth/me', { token: op.token })).statusCode).toBe(
      401,
    );

    const busy = await signedInOperator(t, 'owner');
    // Used every 20 minutes: alive for 12 hours from sign-in, then over whatever its use.
    for (let minutes = 20; minutes <= 13 * 60; minutes += 20) {
      t.clock.advance(20 * 60_000);
      const r = await adminApi(t, 'GET', '/api/admin/auth/me', { token: busy.token });
      expect(r.statusCode, `after ${minutes} minutes`).toBe(minutes < 12 * 60 ? 200 : 401);
    }
  });

  it('sign-out ends the session', async () => {
    const op = await signedInOperator(t, 'auditor');
    expect(
      (await adminApi(t, 'POST', '/api/admin/auth/sign-out', { token: op.token })).statusCode,
    ).toBe(200);
    expect((await adminApi(t, 'GET', '/api/admin/auth/me', { token: op.token })).statusCode).toBe(
      401,
    );
  });

  it('member tokens never reach /api/admin, operator tokens never reach the member API', async () => {
    const member = await signedInMember(t);
    const asMember = await adminApi(t, 'GET', '/api/admin/auth/me', { token: member.token });
    expect(asMember.statusCode).toBe(401);
    const op = await signedInOperator(t, 'owner');
    const asOperator = await t.api('GET', '/api/wallet', { token: op.token });
    expect(asOperator.statusCode).toBe(401);
  });

  it('with an IP allowlist, other addresses cannot sign in or use a session', async () => {
    const op = await signedInOperator(t, 'owner');
    await saveSetting(
      t.app.deps.db.kysely,
      'adminAccess',
      { ipAllowlist: ['10.9.0.0/16'], idleMinutes: 30, absoluteHours: 12 },
      t.clock.now(),
    );
    try {
      expect((await signInStep(op.username, op.password, '10.8.1.1')).json().message).toBe(
        'OPERATOR_IP_NOT_ALLOWED',
      );
      expect((await signInStep(op.username, op.password, '10.9.3.4')).statusCode).toBe(200);
      const me = await adminApi(t, 'GET', '/api/admin/auth/me', {
        token: op.token,
        ip: '127.0.0.1',
      });
      expect(me.json().message).toBe('OPERATOR_IP_NOT_ALLOWED');
    } finally {
      await saveSetting(
        t.app.deps.db.kysely,
        'adminAccess',
        { ipAllowlist: [], idleMinutes: 30, absoluteHours: 12 },
        t.clock.now(),
      );
    }
  });

  it('re-authentication needs the password and a fresh code; it lasts five minutes', async () => {
    const op = await signedInOperator(t, 'finance');
    t.clock.advance(6 * 60_000);
    const stale = await adminApi(t, 'GET', '/api/admin/auth/me', { token: op.token });
    expect(stale.json().reauthValidUntil).toBeNull();
    nextTotpStep(t);
    const wrong = await adminApi(t, 'POST', '/api/admin/auth/reauth', {
      token: op.token,
      body: { password: 'not-the-password', code: await totpAt(t, op.secret) },
    });
    expect(wrong.json().message).toBe('OPERATOR_SIGN_IN_FAILED');
    const right = await adminApi(t, 'POST', '/api/admin/auth/reauth', {
      token: op.token,
      body: { password: op.password, code: await totpAt(t, op.secret) },
    });
    expect(right.statusCode, right.body).toBe(200);
    const fresh = await adminApi(t, 'GET', '/api/admin/auth/me', { token: op.token });
    expect(fresh.json().reauthValidUntil).not.toBeNull();
  });

  it('bad bodies get clear codes, never a 500', async () => {
    const cases: unknown[] = [
      {},
      { username: 'a' },
      { username: 'x\u0000y', password: 'p' },
      { username: 'a'.repeat(5000), password: 'p' },
      { username: 'a', password: 'p', extra: 1 },
      [],
      'text',
    ];
    for (const body of cases) {
      const r = await adminApi(t, 'POST', '/api/admin/auth/sign-in', { body });
      expect(r.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(r.statusCode, JSON.stringify(body)).toBeLessThan(500);
      expect(typeof r.json().message).toBe('string');
    }
  });

  it('a burst of 100 wrong sign-ins at once: no 500, the address meets its budget and its lock, the right password is refused there after', async () => {
    const op = await signedInOperator(t, 'support');
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => signInStep(op.username, `wrong-password-${i}`)),
    );
    expect(answers.filter((r) => r.statusCode >= 500 && r.statusCode !== 503)).toEqual([]);
    const codes = new Set(answers.map((r) => r.json().message));
    expect(codes.has('OPERATOR_LOCKED')).toBe(true);
    expect(codes.has('REQUEST_LIMIT_1MIN')).toBe(true);
    expect(
      [...codes].every((c) =>
        [
          'OPERATOR_SIGN_IN_FAILED',
          'OPERATOR_LOCKED',
          'REQUEST_LIMIT_1MIN',
          'SERVICE_UNAVAILABLE',
        ].includes(c),
      ),
    ).toBe(true);
    t.clock.advance(61_000);
    expect((await signInStep(op.username, op.password)).json().message).toBe('OPERATOR_LOCKED');
    // docs/back-office/sign-in.md: the lock is the address's; the operator elsewhere signs in.
    expect((await signInStep(op.username, op.password, '10.1.2.3')).statusCode).toBe(200);
    t.clock.advance(15 * 60_000);
  });

  it('100 operators claiming one queue item at once: exactly one holds it', async () => {
    const a = await signedInOperator(t, 'finance');
    const b = await signedInOperator(t, 'finance');
    const item = (await heldWithdrawal(t, 2_000_00)).withdrawalId;
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        adminApi(t, 'POST', `/api/admin/claims/withdrawals/${item}`, {
          token: i % 2 ? a.token : b.token,
        }),
      ),
    );
    expect(answers.filter((r) => r.statusCode >= 500)).toEqual([]);
    const winners = new Set(
      answers.filter((r) => r.statusCode === 200).map((r) => r.json().claimedBy),
    );
    expect(winners.size).toBe(1);
    expect(answers.every((r) => r.statusCode === 200 || r.json().message === 'ITEM_CLAIMED')).toBe(
      true,
    );
  });
});
