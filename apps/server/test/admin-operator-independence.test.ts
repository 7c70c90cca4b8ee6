import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { backfill } from '@/db/migrations/0036-operator-independence.ts';
import { runStatements } from '@/db/migrations/run-statements.ts';
import { readMemberBalances } from '@/modules/ledger/ledger.repository.ts';
import { assertIndependentApprover } from '@/modules/operators/index.ts';
import { bonusMember } from './support/bonus.ts';
import { payoutsTo, sandboxPost, setWithdrawLimits } from './support/bank.ts';
import {
  claimAndReauth,
  decide,
  heldWithdrawal,
  setSecondApprovalAbove,
} from './support/money-out.ts';
import {
  adminApi,
  enrolledSignIn,
  reauthenticate,
  signedInOperator,
  type TestOperator,
} from './support/operators.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * An owner cannot approve their own request through a second account (docs/back-office/operators.md): a new or reset
 * operator sets their own password first, an approver may not be an account the requester created, reset or unlocked
 * in the last 30 days, and a new owner waits for a second owner.
 */

let t: TestApp;
let owner: TestOperator;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signedInOperator(t, 'owner');
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await sandboxPost(t, '/sandbox/bank/faults/clear');
  await setWithdrawLimits(t, {});
  await setSecondApprovalAbove(t, 50_000_00);
});

const signIn = (username: string, password: string) =>
  adminApi(t, 'POST', '/api/admin/auth/sign-in', { body: { username, password } });

async function createOperator(
  by: TestOperator,
  body: { username: string; displayName: string; role: string },
) {
  await reauthenticate(t, by);
  const created = await adminApi(t, 'POST', '/api/admin/operators', { token: by.token, body });
  expect(created.statusCode, created.body).toBe(200);
  return created.json<{ operator: { id: string; status: string }; initialPassword: string }>();
}

/** The requester creates an account and signs in as it, with the password the answer showed. */
async function puppetOf(by: TestOperator, role: 'owner' | 'finance'): Promise<TestOperator> {
  const username = `${role}-puppet-${randomUUID().slice(0, 6)}`;
  const { operator, initialPassword } = await createOperator(by, {
    username,
    displayName: 'Puppet',
    role,
  });
  return { id: operator.id, username, ...(await enrolledSignIn(t, username, initialPassword)) };
}

const approveAdjustment = (operator: TestOperator, id: string) =>
  adminApi(t, 'POST', `/api/admin/adjustments/${id}/approve`, { token: operator.token });

const noticesOf = async (operator: TestOperator) =>
  (await adminApi(t, 'GET', '/api/admin/notices', { token: operator.token })).json<{
    rows: { kind: string; params: Record<string, unknown> }[];
  }>().rows;

describe('the approver is independent of the requester', () => {
  it('the reproduced case: an owner requests a 60,000 credit, creates a second owner, signs in as it, enrols, approves: refused', async () => {
    const member = await bonusMember(t);
    await reauthenticate(t, owner);
    const requested = await adminApi(
      t,
      'POST',
      `/api/admin/members/${member.memberId}/adjustments`,
      {
        token: owner.token,
        body: {
          requestId: randomUUID(),
          direction: 'credit',
          amountMinor: '6000000',
          reason: 'Goodwill',
        },
      },
    );
    expect(requested.json()).toMatchObject({ status: 'awaiting_approval' });
    const { id } = requested.json<{ id: string }>();
    // The only owner: the new owner is active at once (there is nobody to confirm it), and still cannot approve.
    const puppet = await puppetOf(owner, 'owner');
    await reauthenticate(t, puppet);
    const approved = await approveAdjustment(puppet, id);
    expect(approved.json()).toEqual({ message: 'APPROVER_NOT_INDEPENDENT' });
    expect(approved.statusCode).toBe(403);
    expect((await readMemberBalances(t.app.deps.db.kysely, member.memberId, 'posted')).cash).toBe(
      0n,
    );
    // Nor an account the puppet made in turn.
    const puppetsPuppet = await puppetOf(puppet, 'finance');
    await reauthenticate(t, puppetsPuppet);
    expect((await approveAdjustment(puppetsPuppet, id)).json()).toEqual({
      message: 'APPROVER_NOT_INDEPENDENT',
    });
    // An owner nobody of them made approves it.
    const other = await signedInOperator(t, 'owner');
    await reauthenticate(t, other);
    expect((await approveAdjustment(other, id)).json()).toMatchObject({ status: 'posted' });
  });

  it('a withdrawal above the line: the second approval by an account the maker created is refused', async () => {
    const maker = await signedInOperator(t, 'owner');
    const puppet = await puppetOf(maker, 'finance');
    await setSecondApprovalAbove(t, 10_000_00);
    const { member, withdrawalId } = await heldWithdrawal(t, 10_000_01);
    const approve = `withdrawals/${withdrawalId}/approve` as const;
    await claimAndReauth(t, maker, 'withdrawals', withdrawalId);
    expect((await decide(t, maker, approve)).json()).toMatchObject({
      state: 'awaiting_second_approval',
    });
    await claimAndReauth(t, puppet, 'withdrawals', withdrawalId);
    const second = await decide(t, puppet, approve);
    expect(second.json()).toEqual({ message: 'APPROVER_NOT_INDEPENDENT' });
    expect(await payoutsTo(t, member.bankAccountNo)).toEqual([]);
  });

  it('an operator whose two-factor the requester reset, or whom they unlocked, cannot approve either', async () => {
    const requester = await signedInOperator(t, 'owner');
    const colleague = await signedInOperator(t, 'owner');
    const member = await bonusMember(t);
    await reauthenticate(t, requester);
    const requested = await adminApi(
      t,
      'POST',
      `/api/admin/members/${member.memberId}/adjustments`,
      {
        token: requester.token,
        body: {
          requestId: randomUUID(),
          direction: 'credit',
          amountMinor: '5500000',
          reason: 'Goodwill',
        },
      },
    );
    const { id } = requested.json<{ id: string }>();
    const unlocked = await adminApi(t, 'POST', `/api/admin/operators/${colleague.id}/unlock`, {
      token: requester.token,
    });
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    await reauthenticate(t, colleague);
    expect((await approveAdjustment(colleague, id)).json()).toEqual({
      message: 'APPROVER_NOT_INDEPENDENT',
    });
  });

  it('a money-critical setting change cannot be confirmed by an account its requester created', async () => {
    const requester = await signedInOperator(t, 'owner');
    const puppet = await puppetOf(requester, 'finance');
    await reauthenticate(t, requester);
    const saved = await adminApi(t, 'PUT', '/api/admin/settings/withdrawLimits', {
      token: requester.token,
      body: { dailyCount: 40, dailyAmountMinor: 400_000_00, autoPayoutMaxMinor: 90_000_00 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const { id } = saved.json<{ pending: { id: string } }>().pending;
    const listed = await adminApi(t, 'GET', '/api/admin/settings/pending', { token: puppet.token });
    expect(listed.json<{ id: string; canConfirm: boolean }[]>()).toContainEqual(
      expect.objectContaining({ id, canConfirm: false }),
    );
    await reauthenticate(t, puppet);
    const confirmed = await adminApi(t, 'POST', `/api/admin/settings/pending/${id}/confirm`, {
      token: puppet.token,
    });
    expect(confirmed.json()).toEqual({ message: 'APPROVER_NOT_INDEPENDENT' });
    const other = await signedInOperator(t, 'finance');
    await reauthenticate(t, other);
    const byOther = await adminApi(t, 'POST', `/api/admin/settings/pending/${id}/confirm`, {
      token: other.token,
    });
    expect(byOther.json()).toEqual({ message: 'OK' });
  });
});

describe('the initial or reset password opens nothing but the choice of a new one', () => {
  it('an owner resets and unlocks an operator who never signed in: the initial password cannot enrol, sign in or re-authenticate', async () => {
    const username = `victim-${randomUUID().slice(0, 6)}`;
    const { operator, initialPassword } = await createOperator(owner, {
      username,
      displayName: 'Victim',
      role: 'finance',
    });
    await reauthenticate(t, owner);
    const reset = await adminApi(
      t,
      'POST',
      `/api/admin/operators/${operator.id}/reset-two-factor`,
      {
        token: owner.token,
      },
    );
    expect(reset.statusCode, reset.body).toBe(200);
    await adminApi(t, 'POST', `/api/admin/operators/${operator.id}/unlock`, { token: owner.token });
    const step = await signIn(username, initialPassword);
    expect(step.json()).toMatchObject({ next: 'password' });
    const challengeToken = step.json<{ challengeToken: string }>().challengeToken;
    for (const [path, body] of [
      ['/api/admin/auth/enrol/start', { challengeToken }],
      ['/api/admin/auth/enrol/confirm', { challengeToken, code: '123456' }],
      ['/api/admin/auth/totp', { challengeToken, code: '123456' }],
    ] as const) {
      const refused = await adminApi(t, 'POST', path, { body });
      expect(refused.json(), path).toEqual({ message: 'OPERATOR_PASSWORD_CHANGE_REQUIRED' });
    }
    expect(
      (await adminApi(t, 'GET', '/api/admin/auth/me', { token: challengeToken })).statusCode,
    ).toBe(401);
    // The new password must differ from the one given, and be long enough.
    for (const [newPassword, code] of [
      [initialPassword, 'OPERATOR_PASSWORD_UNCHANGED'],
      ['short', 'OPERATOR_PASSWORD_WEAK'],
    ]) {
      const refused = await adminApi(t, 'POST', '/api/admin/auth/set-password', {
        body: { challengeToken, newPassword },
      });
      expect(refused.json()).toEqual({ message: code });
    }
    const set = await adminApi(t, 'POST', '/api/admin/auth/set-password', {
      body: { challengeToken, newPassword: 'my-own-long-passphrase' },
    });
    expect(set.json()).toEqual({ next: 'enrol' });
    expect((await signIn(username, initialPassword)).json().message).toBe(
      'OPERATOR_SIGN_IN_FAILED',
    );
    const audit = await t.app.deps.db.kysely
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', operator.id)
      .orderBy('seq')
      .execute();
    expect(audit.map((a) => a.action)).toEqual([
      'operator.created',
      'operator.two_factor_reset',
      'operator.unlocked',
      'operator.password_set',
      // The given password tried after the operator chose their own: a failed sign-in, audited.
      'operator.sign_in_failed',
    ]);
  });

  it('a session or re-authentication of an operator asked for their own password is refused', async () => {
    // Operators created before the rule who never changed the given password are asked at their next sign-in.
    const support = await signedInOperator(t, 'support');
    await t.app.deps.db.kysely
      .updateTable('operators')
      .set({ must_set_password: true })
      .where('id', '=', support.id)
      .execute();
    expect(
      (await adminApi(t, 'GET', '/api/admin/auth/me', { token: support.token })).statusCode,
    ).toBe(401);
    const reauth = await adminApi(t, 'POST', '/api/admin/auth/reauth', {
      token: support.token,
      body: { password: support.password, code: support.recoveryCodes[0] },
    });
    expect(reauth.statusCode).toBe(401);
    expect((await signIn(support.username, support.password)).json()).toMatchObject({
      next: 'password',
    });
  });

  it('an enrolled operator whose two-factor is reset chooses a new password before enrolling again', async () => {
    const finance = await signedInOperator(t, 'finance');
    await reauthenticate(t, owner);
    await adminApi(t, 'POST', `/api/admin/operators/${finance.id}/reset-two-factor`, {
      token: owner.token,
    });
    const step = await signIn(finance.username, finance.password);
    expect(step.json()).toMatchObject({ next: 'password' });
    const again = await enrolledSignIn(t, finance.username, finance.password);
    expect(
      (await adminApi(t, 'GET', '/api/admin/auth/me', { token: again.token })).statusCode,
    ).toBe(200);
  });
});

describe('a new owner waits for a second owner', () => {
  it('with two owners, the new owner stays pending until the other confirms; every owner is told; all audited', async () => {
    const second = await signedInOperator(t, 'owner');
    const username = `owner-new-${randomUUID().slice(0, 6)}`;
    const { operator, initialPassword } = await createOperator(owner, {
      username,
      displayName: 'New owner',
      role: 'owner',
    });
    expect(operator.status).toBe('pending');
    expect((await signIn(username, initialPassword)).json().message).toBe(
      'OPERATOR_SIGN_IN_FAILED',
    );
    for (const o of [owner, second]) {
      expect(await noticesOf(o)).toContainEqual(
        expect.objectContaining({
          kind: 'operator.ownerCreated',
          params: expect.objectContaining({
            username,
            createdBy: owner.username,
            status: 'pending',
          }),
        }),
      );
    }
    // The creator cannot confirm, nor switch it on by an edit.
    const confirm = (by: TestOperator) =>
      adminApi(t, 'POST', `/api/admin/operators/${operator.id}/confirm`, { token: by.token });
    expect((await confirm(owner)).json()).toEqual({ message: 'SELF_APPROVAL' });
    const edited = await adminApi(t, 'PUT', `/api/admin/operators/${operator.id}`, {
      token: owner.token,
      body: { status: 'active' },
    });
    expect(edited.json()).toEqual({ message: 'OPERATOR_CONFIRMATION_REQUIRED' });
    await reauthenticate(t, second);
    const confirmed = await confirm(second);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().operator).toMatchObject({ status: 'active', role: 'owner' });
    expect((await confirm(second)).json()).toEqual({ message: 'OPERATOR_NOT_PENDING' });
    expect((await signIn(username, initialPassword)).json()).toMatchObject({ next: 'password' });
    expect(await noticesOf(owner)).toContainEqual(
      expect.objectContaining({
        kind: 'operator.ownerCreated',
        params: expect.objectContaining({
          username,
          confirmedBy: second.username,
          status: 'active',
        }),
      }),
    );
    const audit = await t.app.deps.db.kysely
      .selectFrom('audit_log')
      .select(['action', 'operator_name'])
      .where('target_id', '=', operator.id)
      .orderBy('seq')
      .execute();
    expect(audit).toEqual([
      { action: 'operator.created', operator_name: owner.username },
      // The pending owner's own try to sign in before the confirmation: refused and audited.
      { action: 'operator.sign_in_failed', operator_name: username },
      { action: 'operator.owner_confirmed', operator_name: second.username },
    ]);
  });

  it('promoting an operator to owner also waits for another owner', async () => {
    await signedInOperator(t, 'owner');
    const { operator } = await createOperator(owner, {
      username: `promoted-${randomUUID().slice(0, 6)}`,
      displayName: 'Promoted',
      role: 'support',
    });
    await reauthenticate(t, owner);
    const promoted = await adminApi(t, 'PUT', `/api/admin/operators/${operator.id}`, {
      token: owner.token,
      body: { role: 'owner' },
    });
    expect(promoted.json().operator).toMatchObject({ role: 'owner', status: 'pending' });
  });
});

describe('assertIndependentApprover', () => {
  it('holds for thirty days after the creation, reset or unlock, then lets the account approve', async () => {
    const requester = await signedInOperator(t, 'finance');
    const puppet = await puppetOf(owner, 'finance');
    await t.app.deps.db.kysely
      .insertInto('operator_account_actions')
      .values({
        id: randomUUID(),
        operator_id: puppet.id,
        by_operator_id: requester.id,
        action: 'unlocked',
        at: t.clock.now(),
      })
      .execute();
    const check = (days: number) =>
      t.app.deps.db.withTransaction((trx) =>
        assertIndependentApprover(
          trx,
          requester.id,
          puppet.id,
          new Date(t.clock.now().getTime() + days * 86_400_000),
        ),
      );
    await expect(check(29)).rejects.toMatchObject({ code: 'APPROVER_NOT_INDEPENDENT' });
    await expect(check(31)).resolves.toBeUndefined();
    await expect(check(0)).rejects.toMatchObject({ code: 'APPROVER_NOT_INDEPENDENT' });
    await expect(
      t.app.deps.db.withTransaction((trx) =>
        assertIndependentApprover(trx, puppet.id, requester.id, t.clock.now()),
      ),
    ).resolves.toBeUndefined();
  });
});

describe('migration 0036', () => {
  it('reads who created, reset or unlocked whom from the audit trail, and asks the unchanged for their own password', async () => {
    const { operator } = await createOperator(owner, {
      username: `before-${randomUUID().slice(0, 6)}`,
      displayName: 'Before the rule',
      role: 'support',
    });
    await adminApi(t, 'POST', `/api/admin/operators/${operator.id}/unlock`, { token: owner.token });
    const changed = await signedInOperator(t, 'support');
    const db = t.app.deps.db.kysely;
    // As the database was before: no facts, no password asked for.
    await db
      .deleteFrom('operator_account_actions')
      .where('operator_id', '=', operator.id)
      .execute();
    await db.updateTable('operators').set({ must_set_password: false }).execute();
    await runStatements(db as unknown as Kysely<unknown>, backfill);
    const facts = await db
      .selectFrom('operator_account_actions')
      .select(['by_operator_id', 'action'])
      .where('operator_id', '=', operator.id)
      .orderBy('at')
      .orderBy('action')
      .execute();
    expect(facts).toEqual([
      { by_operator_id: owner.id, action: 'created' },
      { by_operator_id: owner.id, action: 'unlocked' },
    ]);
    const asked = await db
      .selectFrom('operators')
      .select(['id', 'must_set_password'])
      .where('id', 'in', [operator.id, changed.id, owner.id])
      .execute();
    expect(Object.fromEntries(asked.map((r) => [r.id, r.must_set_password]))).toEqual({
      [operator.id]: true,
      [changed.id]: false,
      [owner.id]: false,
    });
  });
});
