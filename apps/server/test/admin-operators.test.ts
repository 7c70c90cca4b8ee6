import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminApi,
  reauthenticate,
  signedInOperator,
  totpAt,
  type TestOperator,
} from './support/operators.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let owner: TestOperator;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signedInOperator(t, 'owner');
});
afterAll(async () => {
  await t.close();
});

const signIn = (username: string, password: string) =>
  adminApi(t, 'POST', '/api/admin/auth/sign-in', { body: { username, password } });

describe('operators managed by the owner (docs/decisions/0014-back-office.md#operators)', () => {
  it('creates an operator with a one-time password shown once; they choose their own and enrol at first sign-in', async () => {
    // Sign-in counts as a re-authentication for five minutes; after that the owner is asked again.
    t.clock.advance(6 * 60_000);
    const refused = await adminApi(t, 'POST', '/api/admin/operators', {
      token: owner.token,
      body: { username: 'nok.finance', displayName: 'Nok', role: 'finance' },
    });
    expect(refused.json().message).toBe('OPERATOR_REAUTH_REQUIRED');
    await reauthenticate(t, owner);
    const created = await adminApi(t, 'POST', '/api/admin/operators', {
      token: owner.token,
      body: { username: 'Nok.Finance', displayName: 'Nok', role: 'finance' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const { operator, initialPassword } = created.json();
    expect(operator).toMatchObject({ username: 'nok.finance', role: 'finance', isEnrolled: false });
    expect(initialPassword.length).toBeGreaterThanOrEqual(16);
    expect(operator).toMatchObject({ status: 'active', isPasswordToSet: true });
    expect((await signIn('nok.finance', initialPassword)).json().next).toBe('password');
    const again = await adminApi(t, 'POST', '/api/admin/operators', {
      token: owner.token,
      body: { username: 'nok.finance', displayName: 'Nok 2', role: 'support' },
    });
    expect(again.json().message).toBe('OPERATOR_EXISTS');
    const bad = await adminApi(t, 'POST', '/api/admin/operators', {
      token: owner.token,
      body: { username: 'x', displayName: 'X', role: 'root' },
    });
    expect(bad.statusCode).toBe(400);
    const list = await adminApi(t, 'GET', '/api/admin/operators', { token: owner.token });
    expect(list.json().rows.map((r: { username: string }) => r.username)).toContain('nok.finance');
  });

  it('disabling an operator ends their sessions and their sign-in; the role change is audited', async () => {
    const support = await signedInOperator(t, 'support');
    await reauthenticate(t, owner);
    const disabled = await adminApi(t, 'PUT', `/api/admin/operators/${support.id}`, {
      token: owner.token,
      body: { status: 'disabled' },
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(
      (await adminApi(t, 'GET', '/api/admin/auth/me', { token: support.token })).statusCode,
    ).toBe(401);
    expect((await signIn(support.username, support.password)).json().message).toBe(
      'OPERATOR_SIGN_IN_FAILED',
    );
    const audit = await t.app.deps.db.kysely
      .selectFrom('audit_log')
      .select(['action', 'before', 'after', 'operator_name'])
      .where('target_id', '=', support.id)
      .where('action', '=', 'operator.updated')
      .executeTakeFirstOrThrow();
    expect(audit.operator_name).toBe(owner.username);
    expect(audit.before).toMatchObject({ status: 'active' });
    expect(audit.after).toMatchObject({ status: 'disabled' });
  });

  it('nobody changes their own role or status; two owners demoting each other at once leave one owner', async () => {
    await reauthenticate(t, owner);
    const self = await adminApi(t, 'PUT', `/api/admin/operators/${owner.id}`, {
      token: owner.token,
      body: { role: 'auditor' },
    });
    expect(self.json().message).toBe('OPERATOR_SELF_CHANGE');
    const a = await signedInOperator(t, 'owner');
    const b = await signedInOperator(t, 'owner');
    // Only a and b are owners now.
    await t.app.deps.db.kysely
      .updateTable('operators')
      .set({ role: 'finance' })
      .where('id', '=', owner.id)
      .execute();
    const [ab, ba] = await Promise.all([
      adminApi(t, 'PUT', `/api/admin/operators/${b.id}`, {
        token: a.token,
        body: { role: 'support' },
      }),
      adminApi(t, 'PUT', `/api/admin/operators/${a.id}`, {
        token: b.token,
        body: { role: 'support' },
      }),
    ]);
    const answers = [ab, ba].map((r) => (r.statusCode === 200 ? 'OK' : r.json().message)).sort();
    // The second demotion either finds the last owner (refused) or its actor already demoted (session ended).
    expect(answers[0]).toBe('OK');
    expect(['OPERATOR_LAST_OWNER', 'UNAUTHORIZED']).toContain(answers[1]);
    const owners = await t.app.deps.db.kysely
      .selectFrom('operators')
      .select('id')
      .where('role', '=', 'owner')
      .where('status', '=', 'active')
      .execute();
    expect(owners).toHaveLength(1);
    await t.app.deps.db.kysely
      .updateTable('operators')
      .set({ role: 'owner' })
      .where('id', '=', owner.id)
      .execute();
  });

  it('a reset authenticator makes the operator choose a password and enrol again; an unlock lets a locked operator in', async () => {
    const finance = await signedInOperator(t, 'finance');
    // A fresh owner session (the earlier role change ended the first one's sessions).
    const boss = await signedInOperator(t, 'owner');
    await reauthenticate(t, boss);
    const reset = await adminApi(t, 'POST', `/api/admin/operators/${finance.id}/reset-two-factor`, {
      token: boss.token,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(
      (await adminApi(t, 'GET', '/api/admin/auth/me', { token: finance.token })).statusCode,
    ).toBe(401);
    expect((await signIn(finance.username, finance.password)).json().next).toBe('password');
    for (let i = 0; i < 5; i += 1) await signIn(finance.username, 'wrong-password-here');
    expect((await signIn(finance.username, finance.password)).json().message).toBe(
      'OPERATOR_LOCKED',
    );
    const unlock = await adminApi(t, 'POST', `/api/admin/operators/${finance.id}/unlock`, {
      token: boss.token,
    });
    expect(unlock.statusCode, unlock.body).toBe(200);
    expect((await signIn(finance.username, finance.password)).statusCode).toBe(200);
  });

  it('an operator changes their own password: the old one stops working, other sessions end', async () => {
    const op = await signedInOperator(t, 'marketing');
    const other = await signIn(op.username, op.password);
    const otherSession = await adminApi(t, 'POST', '/api/admin/auth/totp', {
      body: { challengeToken: other.json().challengeToken, code: op.recoveryCodes[0] },
    });
    const otherToken = otherSession.json().token as string;
    await reauthenticate(t, op);
    const weak = await adminApi(t, 'POST', '/api/admin/auth/password', {
      token: op.token,
      body: { currentPassword: op.password, newPassword: 'short' },
    });
    expect(weak.json().message).toBe('OPERATOR_PASSWORD_WEAK');
    const changed = await adminApi(t, 'POST', '/api/admin/auth/password', {
      token: op.token,
      body: { currentPassword: op.password, newPassword: 'a-much-longer-passphrase' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await signIn(op.username, op.password)).json().message).toBe('OPERATOR_SIGN_IN_FAILED');
    expect((await signIn(op.username, 'a-much-longer-passphrase')).statusCode).toBe(200);
    expect((await adminApi(t, 'GET', '/api/admin/auth/me', { token: otherToken })).statusCode).toBe(
      401,
    );
    expect((await adminApi(t, 'GET', '/api/admin/auth/me', { token: op.token })).statusCode).toBe(
      200,
    );
    expect(await totpAt(t, op.secret)).toMatch(/^\d{6}$/);
  });
});
