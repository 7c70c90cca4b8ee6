import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findSetting, saveSetting } from '@/modules/settings/settings.repository.ts';
import { depositViaBank, withdrawCall } from './support/bank.ts';
import { signedInMember } from './support/members.ts';
import {
  adminApi,
  reauthenticate,
  signedInOperator,
  type TestOperator,
} from './support/operators.ts';
import { confirmChange, requestChange, SETTING_CHANGES_JOB } from './support/setting-changes.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * Money-critical settings need a fresh re-authentication and a second operator, or an hour no owner cancelled
 * (issue 27 item 3, docs/back-office/settings.md#changes-that-wait-for-a-second-operator).
 */

let t: TestApp;
let owner: TestOperator;
let owner2: TestOperator;
let finance: TestOperator;
let finance2: TestOperator;
let auditor: TestOperator;

const REAUTH_EXPIRED_MS = 6 * 60_000;
const HOUR = 60 * 60_000;
const ACCOUNTS = '/api/admin/settings/operator-accounts';

beforeAll(async () => {
  t = await createTestApp();
  // Sessions must outlive the hour a change waits.
  await saveSetting(
    t.app.deps.db.kysely,
    'adminAccess',
    { ipAllowlist: [], idleMinutes: 240, absoluteHours: 24 },
    t.clock.now(),
  );
  owner = await signedInOperator(t, 'owner');
  owner2 = await signedInOperator(t, 'owner');
  finance = await signedInOperator(t, 'finance');
  finance2 = await signedInOperator(t, 'finance');
  auditor = await signedInOperator(t, 'auditor');
});
afterAll(async () => {
  await t?.close();
});

const put = (operator: TestOperator, key: string, body: unknown, ip?: string) =>
  adminApi(t, 'PUT', `/api/admin/settings/${key}`, { token: operator.token, body, ip });
const confirm = (operator: TestOperator, id: string, ip?: string) =>
  adminApi(t, 'POST', `/api/admin/settings/pending/${id}/confirm`, { token: operator.token, ip });
const cancel = (operator: TestOperator, id: string) =>
  adminApi(t, 'POST', `/api/admin/settings/pending/${id}/cancel`, { token: operator.token });
const pendingList = async (operator: TestOperator) => {
  const response = await adminApi(t, 'GET', '/api/admin/settings/pending', {
    token: operator.token,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<
    { id: string; subject: string; canConfirm: boolean; canCancel: boolean }[]
  >();
};
const stored = (key: 'withdraw' | 'withdrawLimits' | 'approvals' | 'service' | 'registerOtp') =>
  findSetting(t.app.deps.db.kysely, key);
const noticesOf = async (operator: TestOperator) =>
  (await adminApi(t, 'GET', '/api/admin/notices', { token: operator.token })).json<{
    rows: { kind: string; params: Record<string, unknown> }[];
  }>().rows;
const auditsOf = (targetId: string) =>
  t.app.deps.db.kysely
    .selectFrom('audit_log')
    .select(['action', 'operator_id', 'before', 'after', 'reason'])
    .where('target_id', '=', targetId)
    .orderBy('seq', 'asc')
    .execute();
const account = (accountNo: string, isEnabled = true) => ({
  kind: 'bank',
  channel: 'BBL',
  bankType: 'deposit',
  mode: 'auto',
  accountName: 'บจก. ผู้รับเงิน',
  accountNo,
  currency: 'BAHT',
  isEnabled,
});
const offeredNumbers = async () =>
  ((await t.api('GET', '/api/lookup/deposit')).json().banks as { bankAccountNo: string }[]).map(
    (b) => b.bankAccountNo,
  );
const runDue = () => t.app.jobs.runNow(SETTING_CHANGES_JOB);

describe('a guarded setting needs a fresh re-authentication', () => {
  it('each one saved with a session token alone is refused with OPERATOR_REAUTH_REQUIRED and changes nothing', async () => {
    const existing = await adminApi(t, 'GET', ACCOUNTS, { token: auditor.token });
    const anAccount = existing.json<{ id: string }[]>()[0]!;
    const calls: [string, () => ReturnType<typeof put>][] = [
      ['withdraw', () => put(finance, 'withdraw', { minMinor: 1_00, maxMinor: 9_000_000_00 })],
      [
        'withdrawLimits',
        () =>
          put(finance, 'withdrawLimits', {
            dailyCount: 1_000,
            dailyAmountMinor: 9_000_000_00,
            autoPayoutMaxMinor: 9_000_000_00,
          }),
      ],
      [
        'approvals',
        () =>
          put(owner, 'approvals', {
            secondApprovalAboveMinor: 9_000_000_00,
            adjustLimitMinor: { owner: 9_000_000_00, finance: 9_000_000_00 },
          }),
      ],
      ['service', () => put(owner, 'service', { terminated: true })],
      ['registerOtp', () => put(owner, 'registerOtp', { enabled: false })],
      [
        'adminAccess',
        () => put(owner, 'adminAccess', { ipAllowlist: [], idleMinutes: 240, absoluteHours: 24 }),
      ],
      [
        'new deposit account',
        () => adminApi(t, 'POST', ACCOUNTS, { token: finance.token, body: account('7770001111') }),
      ],
      [
        'deposit account edit',
        () =>
          adminApi(t, 'PUT', `${ACCOUNTS}/${anAccount.id}`, {
            token: finance.token,
            body: account('7770002222'),
          }),
      ],
    ];
    t.clock.advance(REAUTH_EXPIRED_MS);
    const audits = await t.countRows('audit_log');
    const settingsBefore = (
      await adminApi(t, 'GET', '/api/admin/settings', { token: owner.token })
    ).json();
    for (const [what, call] of calls) {
      const response = await call();
      expect({ what, status: response.statusCode, body: response.json() }).toEqual({
        what,
        status: 428,
        body: { message: 'OPERATOR_REAUTH_REQUIRED' },
      });
    }
    expect(await t.countRows('audit_log')).toBe(audits);
    expect(
      (await adminApi(t, 'GET', '/api/admin/settings', { token: owner.token })).json(),
    ).toEqual(settingsBefore);
    expect(await offeredNumbers()).not.toContain('7770001111');
  });

  it('the settings that are not money-critical still save at once with the session alone', async () => {
    t.clock.advance(REAUTH_EXPIRED_MS);
    const response = await put(owner, 'chatWidget', { enabled: true });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: 'OK' });
    await put(owner, 'chatWidget', { enabled: false });
  });
});

describe('a guarded change waits for a second operator', () => {
  it('raised auto-payouts are not in effect until another finance operator confirms; owners are told', async () => {
    const before = await stored('withdrawLimits');
    const raised = { dailyCount: 50, dailyAmountMinor: 500_000_00, autoPayoutMaxMinor: 100_000_00 };
    await reauthenticate(t, finance);
    const saved = await put(finance, 'withdrawLimits', raised);
    expect(saved.statusCode, saved.body).toBe(200);
    const { pending } = saved.json();
    expect(pending).toMatchObject({
      subject: 'withdrawLimits',
      accountId: null,
      before,
      value: raised,
      requestedBy: finance.username,
      effectiveAt: new Date(t.clock.now().getTime() + HOUR).toISOString(),
    });

    // Not in effect: the stored value, the back office's settings, and a withdrawal above the old auto-payout limit.
    expect(await stored('withdrawLimits')).toEqual(before);
    const shown = await adminApi(t, 'GET', '/api/admin/settings', { token: finance.token });
    expect(shown.json().withdrawLimits).toEqual(before);
    const member = await signedInMember(t);
    await depositViaBank(t, member, 60_000_00);
    const held = await withdrawCall(t, member.token, 30_000);
    expect(held.statusCode, held.body).toBe(202);

    for (const o of [owner, owner2])
      expect(await noticesOf(o)).toContainEqual(
        expect.objectContaining({
          kind: 'setting.pending',
          params: expect.objectContaining({
            subject: 'withdrawLimits',
            requestedBy: finance.username,
          }),
        }),
      );
    expect((await auditsOf('withdrawLimits')).at(-1)).toMatchObject({
      action: 'setting.requested',
      operator_id: finance.id,
      before,
      after: raised,
    });

    const seen = (await pendingList(finance)).find((c) => c.id === pending.id);
    expect(seen).toMatchObject({ canConfirm: false, canCancel: false });
    expect((await pendingList(finance2)).find((c) => c.id === pending.id)).toMatchObject({
      canConfirm: true,
      canCancel: false,
    });
    expect((await pendingList(owner)).find((c) => c.id === pending.id)).toMatchObject({
      canConfirm: true,
      canCancel: true,
    });

    // The requester cannot confirm their own change, an auditor cannot, a stale session cannot.
    await reauthenticate(t, finance);
    expect((await confirm(finance, pending.id)).json()).toEqual({ message: 'SELF_APPROVAL' });
    await reauthenticate(t, auditor);
    expect((await confirm(auditor, pending.id)).json()).toEqual({ message: 'OPERATOR_FORBIDDEN' });
    t.clock.advance(REAUTH_EXPIRED_MS);
    expect((await confirm(finance2, pending.id)).json()).toEqual({
      message: 'OPERATOR_REAUTH_REQUIRED',
    });
    // A second change of the same key while one waits is refused.
    await reauthenticate(t, owner);
    const second = await put(owner, 'withdrawLimits', { ...raised, dailyCount: 7 });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ message: 'SETTING_CHANGE_PENDING' });
    expect(await stored('withdrawLimits')).toEqual(before);

    await confirmChange(t, finance2, pending.id);
    expect(await stored('withdrawLimits')).toEqual(raised);
    const trail = (await auditsOf('withdrawLimits')).slice(-2);
    expect(trail).toMatchObject([
      { action: 'setting.confirmed', operator_id: finance2.id },
      { action: 'setting.applied', operator_id: finance2.id, before, after: raised },
    ]);
    expect(await noticesOf(owner2)).toContainEqual(
      expect.objectContaining({ kind: 'setting.applied' }),
    );
    const paid = await withdrawCall(t, member.token, 30_000);
    expect(paid.statusCode, paid.body).toBe(200);
    await reauthenticate(t, owner);
    expect((await confirm(owner, pending.id)).json()).toEqual({
      message: 'SETTING_CHANGE_NOT_PENDING',
    });
    expect(await pendingList(owner)).not.toContainEqual(
      expect.objectContaining({ id: pending.id }),
    );
  });

  it('two confirmations at once apply the change once', async () => {
    const id = await requestChange(t, owner, () => put(owner, 'registerOtp', { enabled: false }));
    await reauthenticate(t, owner2);
    await reauthenticate(t, finance2);
    const answers = await Promise.all([confirm(owner2, id), confirm(owner2, id)]);
    expect(answers.map((a) => a.json().message).sort()).toEqual([
      'OK',
      'SETTING_CHANGE_NOT_PENDING',
    ]);
    expect(
      (await auditsOf('registerOtp')).filter((a) => a.action === 'setting.applied'),
    ).toHaveLength(1);
    expect((await t.api('GET', '/api/lookup/registerOTP')).json()).toEqual({ enabled: false });
    const back = await requestChange(t, owner2, () =>
      put(owner2, 'registerOtp', { enabled: true }),
    );
    await confirmChange(t, owner, back);
  });

  it('the allowlist is checked again when confirmed: it may not shut out the operator applying it', async () => {
    const list = { ipAllowlist: ['203.0.113.0/24'], idleMinutes: 240, absoluteHours: 24 };
    const id = await requestChange(t, owner, () => put(owner, 'adminAccess', list, '203.0.113.9'));
    await reauthenticate(t, owner2);
    const outside = await confirm(owner2, id, '198.51.100.7');
    expect(outside.json()).toEqual({ message: 'SETTING_ALLOWLIST_SELF_LOCKOUT' });
    expect((await pendingList(owner2)).map((c) => c.id)).toContain(id);
    expect((await cancel(owner2, id)).statusCode).toBe(200);
    expect(
      (await adminApi(t, 'GET', '/api/admin/settings', { token: finance.token })).statusCode,
    ).toBe(200);
  });
});

describe('a guarded change nobody confirms', () => {
  it('takes effect by itself once its hour has passed, not before', async () => {
    const before = await stored('approvals');
    const raised = {
      secondApprovalAboveMinor: 80_000_00,
      adjustLimitMinor: { owner: 150_000_00, finance: 20_000_00 },
    };
    const id = await requestChange(t, owner, () => put(owner, 'approvals', raised));
    t.clock.advance(HOUR - 60_000);
    await runDue();
    expect(await stored('approvals')).toEqual(before);
    t.clock.advance(2 * 60_000);
    await runDue();
    await runDue();
    expect(await stored('approvals')).toEqual(raised);
    const applied = (await auditsOf('approvals')).filter((a) => a.action === 'setting.applied');
    expect(applied).toHaveLength(1);
    expect(applied[0]).toMatchObject({ operator_id: null, before, after: raised });
    expect(await noticesOf(owner2)).toContainEqual(
      expect.objectContaining({
        kind: 'setting.applied',
        params: expect.objectContaining({ changeId: id }),
      }),
    );
    await confirmChange(
      t,
      owner2,
      await requestChange(t, owner, () => put(owner, 'approvals', before)),
    );
  });

  it('is in effect for whoever reads the settings once its hour is over, even before the job runs', async () => {
    await requestChange(t, owner, () => put(owner, 'registerOtp', { enabled: false }));
    t.clock.advance(HOUR + 1_000);
    const shown = await adminApi(t, 'GET', '/api/admin/settings', { token: finance.token });
    expect(shown.json().registerOtp).toEqual({ enabled: false });
    expect((await t.api('GET', '/api/lookup/registerOTP')).json()).toEqual({ enabled: false });
    const back = await requestChange(t, owner, () => put(owner, 'registerOtp', { enabled: true }));
    await confirmChange(t, owner2, back);
  });

  it('never takes effect when an owner cancelled it; finance cannot cancel', async () => {
    const member = await signedInMember(t);
    const id = await requestChange(t, owner, () => put(owner, 'service', { terminated: true }));
    expect((await cancel(finance, id)).json()).toEqual({ message: 'OPERATOR_FORBIDDEN' });
    const cancelled = await cancel(owner2, id);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await cancel(owner2, id)).json()).toEqual({ message: 'SETTING_CHANGE_NOT_PENDING' });
    t.clock.advance(HOUR + 60_000);
    await runDue();
    expect(await stored('service')).toEqual({ terminated: false });
    expect((await t.api('GET', '/api/wallet', { token: member.token })).statusCode).toBe(200);
    expect((await auditsOf('service')).at(-1)).toMatchObject({
      action: 'setting.cancelled',
      operator_id: owner2.id,
    });
    expect(await noticesOf(owner)).toContainEqual(
      expect.objectContaining({
        kind: 'setting.cancelled',
        params: expect.objectContaining({ changeId: id }),
      }),
    );
  });
});

describe('deposit accounts members pay into', () => {
  it('a new account and a disabled one wait for a second operator before members see them', async () => {
    const id = await requestChange(t, finance, () =>
      adminApi(t, 'POST', ACCOUNTS, { token: finance.token, body: account('7770003333') }),
    );
    expect(await offeredNumbers()).not.toContain('7770003333');
    await confirmChange(t, finance2, id);
    expect(await offeredNumbers()).toContain('7770003333');

    const rows = (await adminApi(t, 'GET', ACCOUNTS, { token: auditor.token })).json<
      { id: string; accountNo: string }[]
    >();
    const created = rows.find((r) => r.accountNo === '7770003333')!;
    const off = await requestChange(t, finance, () =>
      adminApi(t, 'PUT', `${ACCOUNTS}/${created.id}`, {
        token: finance.token,
        body: account('7770003333', false),
      }),
    );
    expect(await offeredNumbers()).toContain('7770003333');
    await confirmChange(t, owner, off);
    expect(await offeredNumbers()).not.toContain('7770003333');
    expect((await auditsOf(created.id)).map((a) => a.action)).toEqual([
      'setting.requested',
      'setting.confirmed',
      'setting.applied',
      'setting.requested',
      'setting.confirmed',
      'setting.applied',
    ]);
  });

  it('an added account that became a duplicate while it waited is refused when confirmed', async () => {
    const first = await requestChange(t, finance, () =>
      adminApi(t, 'POST', ACCOUNTS, { token: finance.token, body: account('7770004444') }),
    );
    const twin = await requestChange(t, finance, () =>
      adminApi(t, 'POST', ACCOUNTS, { token: finance.token, body: account('7770004444') }),
    );
    await confirmChange(t, finance2, first);
    await reauthenticate(t, finance2);
    expect((await confirm(finance2, twin)).json()).toEqual({ message: 'OPERATOR_ACCOUNT_EXISTS' });
    expect((await offeredNumbers()).filter((n) => n === '7770004444')).toHaveLength(1);
    // Nobody cancels it: when its hour is over the server refuses it, and the owners are told why.
    t.clock.advance(HOUR + 60_000);
    await runDue();
    expect((await pendingList(owner)).map((c) => c.id)).not.toContain(twin);
    expect(await noticesOf(owner)).toContainEqual(
      expect.objectContaining({
        kind: 'setting.cancelled',
        params: expect.objectContaining({ changeId: twin, refusal: 'OPERATOR_ACCOUNT_EXISTS' }),
      }),
    );
    expect((await offeredNumbers()).filter((n) => n === '7770004444')).toHaveLength(1);
  });
});
