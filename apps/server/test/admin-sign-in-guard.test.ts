import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminApi, nextTotpStep, signedInOperator, totpAt } from './support/operators.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/** docs/back-office/sign-in.md: what strangers' wrong tries can and cannot do to an operator (issue 27 item 5). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
// Every test starts in a fresh minute: the per-minute budgets of the tests before it do not carry over.
beforeEach(() => {
  t.clock.advance(61 * 60_000);
});

let lastAddress = 0;
/** An address no other test used. */
function newAddress(): string {
  lastAddress += 1;
  return `10.27.${lastAddress >> 8}.${lastAddress & 255}`;
}

function signInStep(username: string, password: string, ip: string) {
  return adminApi(t, 'POST', '/api/admin/auth/sign-in', { body: { username, password }, ip });
}

async function answersOf(username: string, ip: string, tries: number) {
  const answers: { status: number; message: string }[] = [];
  for (let i = 0; i < tries; i += 1) {
    const r = await signInStep(username, `wrong-password-${i}`, ip);
    answers.push({ status: r.statusCode, message: r.json().message ?? 'OK' });
  }
  return answers;
}

function auditOf(action: string) {
  return t.app.deps.db.kysely
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', action)
    .orderBy('seq')
    .execute();
}

describe('operator sign-in against strangers (docs/back-office/sign-in.md)', () => {
  it("an outsider's five wrong passwords from one address stop neither the operator's sign-in from another nor their re-authentication", async () => {
    const op = await signedInOperator(t, 'finance');
    const outsider = newAddress();
    const answers = await answersOf(op.username, outsider, 5);
    expect(answers.map((a) => a.message)).toEqual([
      ...Array(4).fill('OPERATOR_SIGN_IN_FAILED'),
      'OPERATOR_LOCKED',
    ]);
    // The outsider's address is locked out of the name, even with the right password.
    expect((await signInStep(op.username, op.password, outsider)).json().message).toBe(
      'OPERATOR_LOCKED',
    );

    const office = newAddress();
    nextTotpStep(t);
    const step = await signInStep(op.username, op.password, office);
    expect(step.statusCode, step.body).toBe(200);
    const signedIn = await adminApi(t, 'POST', '/api/admin/auth/totp', {
      body: { challengeToken: step.json().challengeToken, code: await totpAt(t, op.secret) },
      ip: office,
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);

    nextTotpStep(t);
    const reauth = await adminApi(t, 'POST', '/api/admin/auth/reauth', {
      token: op.token,
      body: { password: op.password, code: await totpAt(t, op.secret) },
    });
    expect(reauth.statusCode, reauth.body).toBe(200);
  });

  it('unknown and known names answer alike: same codes, and the same lock at the address that tried', async () => {
    const op = await signedInOperator(t, 'support');
    const known = await answersOf(op.username, newAddress(), 6);
    const unknown = await answersOf(`nobody-${op.username}`, newAddress(), 6);
    expect(unknown).toEqual(known);
    expect(known.at(-1)).toEqual({ status: 423, message: 'OPERATOR_LOCKED' });
  });

  it('thirty names from one address meet a limit; so do all addresses together', async () => {
    const address = newAddress();
    const answers: string[] = [];
    for (let i = 0; i < 30; i += 1)
      answers.push(
        (await signInStep(`guess-${i}-${address}`, 'some-password-1', address)).json().message,
      );
    expect(answers.slice(0, 10)).toEqual(Array(10).fill('OPERATOR_SIGN_IN_FAILED'));
    expect(answers.slice(10)).toEqual(Array(20).fill('REQUEST_LIMIT_1MIN'));

    // An hour later the same address has 30 an hour: it meets REQUEST_LIMIT long before trying 30 more names.
    t.clock.advance(61_000);
    for (let minute = 0; minute < 2; minute += 1) {
      for (let i = 0; i < 10; i += 1)
        await signInStep(`more-${minute}-${i}-${address}`, 'some-password-1', address);
      t.clock.advance(61_000);
    }
    expect((await signInStep(`last-${address}`, 'some-password-1', address)).json().message).toBe(
      'REQUEST_LIMIT',
    );

    // Sixty wrong tries a minute from all addresses together; the sixty-first waits for the next minute.
    t.clock.advance(61 * 60_000);
    const spread: string[] = [];
    for (let i = 0; i < 61; i += 1)
      spread.push(
        (await signInStep(`spread-${i}`, 'some-password-1', newAddress())).json().message,
      );
    expect(spread.filter((m) => m === 'OPERATOR_SIGN_IN_FAILED')).toHaveLength(60);
    expect(spread.at(-1)).toBe('REQUEST_LIMIT_1MIN');
  });

  it("past the name's hourly budget, strangers' addresses wait; the operator's own address is let in", async () => {
    const op = await signedInOperator(t, 'marketing');
    for (let i = 0; i < 4; i += 1) {
      await answersOf(op.username, newAddress(), 5);
      t.clock.advance(61_000);
    }
    const stranger = await signInStep(op.username, op.password, newAddress());
    expect(stranger.json().message).toBe('REQUEST_LIMIT');
    // signedInOperator signed in from 127.0.0.1: a familiar address.
    const own = await signInStep(op.username, op.password, '127.0.0.1');
    expect(own.statusCode, own.body).toBe(200);
  });

  it('an owner unlock lifts the locks on the name at every address', async () => {
    const op = await signedInOperator(t, 'auditor');
    const boss = await signedInOperator(t, 'owner');
    const address = newAddress();
    await answersOf(op.username, address, 5);
    expect((await signInStep(op.username, op.password, address)).json().message).toBe(
      'OPERATOR_LOCKED',
    );
    // The owners' list shows the operator locked (somewhere), with the unlock.
    const list = await adminApi(t, 'GET', '/api/admin/operators', { token: boss.token });
    const row = (list.json().rows as { id: string; lockedUntil: string | null }[]).find(
      (o) => o.id === op.id,
    );
    expect(row?.lockedUntil).not.toBeNull();
    nextTotpStep(t);
    await adminApi(t, 'POST', '/api/admin/auth/reauth', {
      token: boss.token,
      body: { password: boss.password, code: await totpAt(t, boss.secret) },
    });
    const unlock = await adminApi(t, 'POST', `/api/admin/operators/${op.id}/unlock`, {
      token: boss.token,
    });
    expect(unlock.statusCode, unlock.body).toBe(200);
    expect((await signInStep(op.username, op.password, address)).statusCode).toBe(200);
  });
});

describe('re-authentication (docs/back-office/sign-in.md#re-authentication)', () => {
  it('is not blocked by a lock on the name; five wrong tries end the session they came from', async () => {
    const op = await signedInOperator(t, 'finance');
    await answersOf(op.username, '127.0.0.1', 5);
    nextTotpStep(t);
    const right = await adminApi(t, 'POST', '/api/admin/auth/reauth', {
      token: op.token,
      body: { password: op.password, code: await totpAt(t, op.secret) },
    });
    expect(right.statusCode, right.body).toBe(200);

    const answers: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const r = await adminApi(t, 'POST', '/api/admin/auth/reauth', {
        token: op.token,
        body: { password: `not-the-password-${i}`, code: '000000' },
      });
      answers.push(r.json().message);
    }
    expect(answers).toEqual([...Array(4).fill('OPERATOR_SIGN_IN_FAILED'), 'UNAUTHORIZED']);
    expect((await adminApi(t, 'GET', '/api/admin/auth/me', { token: op.token })).statusCode).toBe(
      401,
    );
  });
});

describe('the audit trail of sign-in (issue 27 item 1)', () => {
  it('records every failed sign-in (password or code) and every re-authentication, with the address and no secret', async () => {
    const op = await signedInOperator(t, 'support');
    const address = newAddress();
    const before = (await auditOf('operator.sign_in_failed')).length;
    await signInStep(op.username, 'wrong-secret-password-1', address);
    await signInStep('no-such-operator', 'wrong-secret-password-2', address);
    const step = await signInStep(op.username, op.password, address);
    await adminApi(t, 'POST', '/api/admin/auth/totp', {
      body: { challengeToken: step.json().challengeToken, code: '000000' },
      ip: address,
    });
    const failed = (await auditOf('operator.sign_in_failed')).slice(before);
    expect(failed).toHaveLength(3);
    expect(failed.map((r) => [r.ip, r.target_id, (r.after as { step: string }).step])).toEqual([
      [address, op.id, 'password'],
      [address, null, 'password'],
      [address, op.id, 'second_factor'],
    ]);

    nextTotpStep(t);
    await adminApi(t, 'POST', '/api/admin/auth/reauth', {
      token: op.token,
      body: { password: 'wrong-secret-password-3', code: await totpAt(t, op.secret) },
    });
    await adminApi(t, 'POST', '/api/admin/auth/reauth', {
      token: op.token,
      body: { password: op.password, code: await totpAt(t, op.secret) },
    });
    const reauthFailed = (await auditOf('operator.reauth_failed')).filter(
      (r) => r.operator_id === op.id,
    );
    const reauthed = (await auditOf('operator.reauthenticated')).filter(
      (r) => r.operator_id === op.id,
    );
    expect(reauthFailed).toHaveLength(1);
    expect(reauthed).toHaveLength(1);
    expect(reauthed[0]!.ip).toBe('127.0.0.1');

    const everything = JSON.stringify(
      await t.app.deps.db.kysely.selectFrom('audit_log').selectAll().execute(),
    );
    expect(everything).not.toContain('wrong-secret-password');
    expect(everything).not.toContain(op.password);
  });
});
