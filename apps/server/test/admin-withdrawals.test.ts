import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  adminWithdrawalDetailContract,
  adminWithdrawalListContract,
} from '@mekong/contracts/admin/withdrawals';
import {
  cashOf,
  payoutsTo,
  sandboxPost,
  setWithdrawLimits,
  statementOf,
  withdrawCall,
} from './support/bank.ts';
import { expectLedgerConsistent } from './support/money.ts';
import {
  auditActions,
  claim,
  claimAndReauth,
  decide,
  fundedMember,
  heldWithdrawal,
  setSecondApprovalAbove,
} from './support/money-out.ts';
import { adminApi, reauthenticate, signedInOperator } from './support/operators.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

const db = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await sandboxPost(t, '/sandbox/bank/faults/clear');
  await setWithdrawLimits(t, {});
  await setSecondApprovalAbove(t, 50_000_00);
});

const status = async (id: string) =>
  (
    await t.app.deps.db.kysely
      .selectFrom('withdrawals')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).status;

describe('withdrawals queue: list and detail', () => {
  it('lists held withdrawals with filters, hold reasons and claims', async () => {
    const finance = await signedInOperator(t, 'finance');
    const support = await signedInOperator(t, 'support');
    const a = await heldWithdrawal(t, 1_234_00);
    const b = await heldWithdrawal(t, 9_000_00);
    expect((await claim(t, finance, 'withdrawals', a.withdrawalId)).statusCode).toBe(200);

    const list = async (body: Record<string, unknown>, token = finance.token) => {
      const response = await adminApi(t, 'POST', '/api/admin/withdrawals/list', { token, body });
      expect(response.statusCode, response.body).toBe(200);
      return adminWithdrawalListContract.response.parse(response.json());
    };
    const byPhone = await list({ member: a.member.username });
    expect(byPhone.total).toBe(1);
    expect(byPhone.rows[0]).toMatchObject({
      id: a.withdrawalId,
      amountMinor: 1_234_00,
      memberPhone: a.member.username,
      reasons: ['over_limit'],
      isSecondApprovalNeeded: false,
      approval: null,
      claim: { isMine: true, claimedBy: finance.username },
    });
    // Support reads the queue and sees whose claim it is.
    const asSupport = await list({ member: a.member.username }, support.token);
    expect(asSupport.rows[0]?.claim).toMatchObject({ isMine: false, claimedBy: finance.username });

    const ranged = await list({ minAmountMinor: 5_000_00, maxAmountMinor: 9_000_00 });
    expect(ranged.rows.map((r) => r.id)).toContain(b.withdrawalId);
    expect(ranged.rows.map((r) => r.id)).not.toContain(a.withdrawalId);
    const future = new Date(t.clock.now().getTime() + 60_000).toISOString();
    expect((await list({ from: future })).total).toBe(0);
    const paged = await list({ page: 1, limit: 1 });
    expect(paged.rows).toHaveLength(1);
    expect(paged.total).toBeGreaterThanOrEqual(2);
    expect((await list({ reason: 'account_changed', member: a.member.username })).total).toBe(0);

    for (const body of [{ minAmountMinor: -1 }, { reason: 'other' }, { from: 'yesterday' }]) {
      const bad = await adminApi(t, 'POST', '/api/admin/withdrawals/list', {
        token: finance.token,
        body,
      });
      expect(bad.json()).toEqual({ message: 'INVALID_REQUEST' });
    }
    const unknownField = await adminApi(t, 'POST', '/api/admin/payouts/list', {
      token: finance.token,
      body: { amount: 1 },
    });
    expect(unknownField.statusCode).toBe(400);

    const detail = await adminApi(t, 'GET', `/api/admin/withdrawals/${a.withdrawalId}`, {
      token: support.token,
    });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(adminWithdrawalDetailContract.response.parse(detail.json())).toMatchObject({
      item: { id: a.withdrawalId, status: 'pending_approval' },
      cashMinor: 0,
    });
    const missing = await adminApi(t, 'GET', `/api/admin/withdrawals/${randomUUID()}`, {
      token: support.token,
    });
    expect(missing.json()).toEqual({ message: 'ITEM_NOT_FOUND' });
  });
});

describe('approve and reject', () => {
  it('approves: the sandbox bank pays it, the member sees it paid, the decision is audited', async () => {
    const finance = await signedInOperator(t, 'finance');
    const { member, withdrawalId } = await heldWithdrawal(t, 12_000_00, 20_000_00);
    expect(await payoutsTo(t, member.bankAccountNo)).toEqual([]);
    await claimAndReauth(t, finance, 'withdrawals', withdrawalId);
    const approved = await decide(t, finance, `withdrawals/${withdrawalId}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toEqual({ message: 'OK', state: 'paid' });

    expect(await payoutsTo(t, member.bankAccountNo)).toEqual([
      expect.objectContaining({ amountMinor: 12_000_00, status: 'success' }),
    ]);
    expect(await cashOf(t, member.memberId)).toBe(8_000_00n);
    expect((await statementOf(t, member.token)).statements[0]).toMatchObject({
      statementType: 'withdraw',
      amount: 12_000,
      status: 'SUCCESS',
    });
    expect(await auditActions(t, withdrawalId)).toEqual(['withdrawal.approved']);
    // The claim ended with the decision; a second click is refused, nothing is paid twice.
    await claimAndReauth(t, finance, 'withdrawals', withdrawalId);
    const again = await decide(t, finance, `withdrawals/${withdrawalId}/approve`, {});
    expect(again.json()).toEqual({ message: 'ITEM_ALREADY_DECIDED' });
    expect(await payoutsTo(t, member.bankAccountNo)).toHaveLength(1);
    await expectLedgerConsistent(t.app.deps.db);
  });

  it('rejects with a reason: the money is back, audited with the reason', async () => {
    const finance = await signedInOperator(t, 'finance');
    const { member, withdrawalId } = await heldWithdrawal(t, 3_000_00);
    expect(await claim(t, finance, 'withdrawals', withdrawalId)).toMatchObject({ statusCode: 200 });
    const noReason = await decide(t, finance, `withdrawals/${withdrawalId}/reject`, {});
    expect(noReason.json()).toEqual({ message: 'REASON_REQUIRED' });
    const blank = await decide(t, finance, `withdrawals/${withdrawalId}/reject`, { reason: '  ' });
    expect(blank.json()).toEqual({ message: 'REASON_REQUIRED' });
    expect(await cashOf(t, member.memberId)).toBe(0n);

    const rejected = await decide(t, finance, `withdrawals/${withdrawalId}/reject`, {
      reason: 'name does not match',
    });
    expect(rejected.json()).toEqual({ message: 'OK' });
    expect(await cashOf(t, member.memberId)).toBe(3_000_00n);
    expect(await status(withdrawalId)).toBe('rejected');
    expect((await statementOf(t, member.token)).statements[0]).toMatchObject({ status: 'FAILED' });
    const record = await t.app.deps.db.kysely
      .selectFrom('audit_log')
      .select(['action', 'reason', 'before', 'after', 'operator_name'])
      .where('target_id', '=', withdrawalId)
      .executeTakeFirstOrThrow();
    expect(record).toMatchObject({
      action: 'withdrawal.rejected',
      reason: 'name does not match',
      operator_name: finance.username,
      before: expect.objectContaining({ status: 'pending_approval' }),
      after: expect.objectContaining({ status: 'rejected' }),
    });
    expect(await payoutsTo(t, member.bankAccountNo)).toEqual([]);
  });

  it(`returns the money exactly once under 20 parallel rejects by one operator (${db})`, async () => {
    const finance = await signedInOperator(t, 'finance');
    const { member, withdrawalId } = await heldWithdrawal(t, 7_000_00);
    await claim(t, finance, 'withdrawals', withdrawalId);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        decide(t, finance, `withdrawals/${withdrawalId}/reject`, { reason: 'duplicate request' }),
      ),
    );
    const messages = answers.map((a) => (a.json() as { message: string }).message);
    expect(messages.filter((m) => m === 'OK')).toHaveLength(1);
    expect(new Set(messages.filter((m) => m !== 'OK'))).toEqual(new Set(['ITEM_ALREADY_DECIDED']));
    expect(await cashOf(t, member.memberId)).toBe(7_000_00n);
    expect(await auditActions(t, withdrawalId)).toEqual(['withdrawal.rejected']);
    await expectLedgerConsistent(t.app.deps.db);
  });

  it(`returns the money exactly once when two operators click reject 10 times each (${db})`, async () => {
    const first = await signedInOperator(t, 'finance');
    const second = await signedInOperator(t, 'owner');
    const { member, withdrawalId } = await heldWithdrawal(t, 4_500_00);
    await claim(t, first, 'withdrawals', withdrawalId);
    expect((await claim(t, second, 'withdrawals', withdrawalId)).json()).toEqual({
      message: 'ITEM_CLAIMED',
    });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        decide(t, i % 2 ? second : first, `withdrawals/${withdrawalId}/reject`, {
          reason: 'suspicious account',
        }),
      ),
    );
    const messages = answers.map((a) => (a.json() as { message: string }).message);
    expect(messages.filter((m) => m === 'OK')).toHaveLength(1);
    expect(answers.filter((a, i) => i % 2 === 1 && a.json().message === 'OK')).toEqual([]);
    for (const m of messages.filter((x) => x !== 'OK'))
      expect(['ITEM_ALREADY_DECIDED', 'ITEM_CLAIMED', 'ITEM_NOT_CLAIMED']).toContain(m);
    expect(await cashOf(t, member.memberId)).toBe(4_500_00n);
    expect(await auditActions(t, withdrawalId)).toEqual(['withdrawal.rejected']);
    await expectLedgerConsistent(t.app.deps.db);
  });
});

describe('races and hold reasons', () => {
  it(`pays out exactly once under 20 parallel approvals (${db})`, async () => {
    const finance = await signedInOperator(t, 'finance');
    const { member, withdrawalId } = await heldWithdrawal(t, 6_000_00);
    await claimAndReauth(t, finance, 'withdrawals', withdrawalId);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => decide(t, finance, `withdrawals/${withdrawalId}/approve`)),
    );
    const messages = answers.map((a) => (a.json() as { message: string }).message);
    expect(messages.filter((m) => m === 'OK')).toHaveLength(1);
    expect(new Set(messages.filter((m) => m !== 'OK'))).toEqual(new Set(['ITEM_ALREADY_DECIDED']));
    expect(await payoutsTo(t, member.bankAccountNo)).toHaveLength(1);
    expect(await auditActions(t, withdrawalId)).toEqual(['withdrawal.approved']);
    await expectLedgerConsistent(t.app.deps.db);
  });

  it('names the first payout after a change of the bank account as the hold reason', async () => {
    const finance = await signedInOperator(t, 'finance');
    const member = await fundedMember(t, 2_000_00);
    await t.app.deps.db.kysely
      .updateTable('member_bank_accounts')
      .set({ changed_at: new Date(t.clock.now().getTime() - 3_600_000) })
      .where('member_id', '=', member.memberId)
      .execute();
    const response = await withdrawCall(t, member.token, 500);
    expect(response.statusCode, response.body).toBe(202);
    const listed = await adminApi(t, 'POST', '/api/admin/withdrawals/list', {
      token: finance.token,
      body: { member: member.publicId, reason: 'account_changed' },
    });
    expect(listed.json()).toMatchObject({ total: 1, rows: [{ reasons: ['account_changed'] }] });
  });
});

describe('refusals', () => {
  it('a claim of an item no queue has is ITEM_NOT_FOUND, and no claim is stored', async () => {
    // Before, any id was claimed (200) and a claim row stored: an unknown uuid, or 100 characters of anything.
    const finance = await signedInOperator(t, 'finance');
    const unknown = randomUUID();
    const paths = [
      `/api/admin/claims/withdrawals/${unknown}`,
      `/api/admin/claims/payouts/${unknown}`,
      `/api/admin/claims/withdrawals/${'a'.repeat(100)}`,
      `/api/admin/deposit-claims/slips/${unknown}`,
      `/api/admin/deposit-claims/bank-lines/${unknown}`,
      `/api/admin/deposit-claims/qr/${unknown}`,
      `/api/admin/deposit-claims/vouchers/${unknown}`,
      `/api/admin/deposit-claims/notices/${unknown}`,
    ];
    for (const path of paths) {
      const response = await adminApi(t, 'POST', path, { token: finance.token });
      expect({ path, status: response.statusCode, body: response.json() }).toEqual({
        path,
        status: 404,
        body: { message: 'ITEM_NOT_FOUND' },
      });
    }
    const stored = await t.app.deps.db.kysely
      .selectFrom('work_claims')
      .select('item_id')
      .where('item_id', 'in', [unknown, 'a'.repeat(100)])
      .execute();
    expect(stored).toEqual([]);
    const { withdrawalId } = await heldWithdrawal(t, 2_000_00);
    const known = await adminApi(t, 'POST', `/api/admin/claims/withdrawals/${withdrawalId}`, {
      token: finance.token,
    });
    expect(known.statusCode, known.body).toBe(200);
  });

  it('refuses a decision without a claim, under another claim, without re-auth, and for support', async () => {
    const finance = await signedInOperator(t, 'finance');
    const other = await signedInOperator(t, 'finance');
    const support = await signedInOperator(t, 'support');
    const { member, withdrawalId } = await heldWithdrawal(t, 2_000_00);
    const approve = `withdrawals/${withdrawalId}/approve` as const;

    // The sign-in counts as a re-authentication for five minutes.
    t.clock.advance(6 * 60_000);
    expect((await decide(t, finance, approve)).json()).toEqual({
      message: 'OPERATOR_REAUTH_REQUIRED',
    });
    await reauthenticate(t, finance);
    expect((await decide(t, finance, approve)).json()).toEqual({ message: 'ITEM_NOT_CLAIMED' });
    await claim(t, other, 'withdrawals', withdrawalId);
    expect((await decide(t, finance, approve)).json()).toEqual({ message: 'ITEM_CLAIMED' });
    const reject = await decide(t, finance, `withdrawals/${withdrawalId}/reject`, {
      reason: 'not mine to decide',
    });
    expect(reject.json()).toEqual({ message: 'ITEM_CLAIMED' });

    await reauthenticate(t, support);
    const asSupport = await decide(t, support, approve);
    expect(asSupport.statusCode).toBe(403);
    expect(asSupport.json()).toEqual({ message: 'OPERATOR_FORBIDDEN' });
    expect((await claim(t, support, 'withdrawals', withdrawalId)).json()).toEqual({
      message: 'OPERATOR_FORBIDDEN',
    });
    const unknown = await decide(t, finance, `withdrawals/${randomUUID()}/approve`);
    expect(unknown.json()).toEqual({ message: 'ITEM_NOT_FOUND' });
    const notUuid = await decide(t, finance, 'withdrawals/abc/approve');
    expect(notUuid.json()).toEqual({ message: 'ITEM_NOT_FOUND' });

    expect(await status(withdrawalId)).toBe('pending_approval');
    expect(await payoutsTo(t, member.bankAccountNo)).toEqual([]);
    expect(await auditActions(t, withdrawalId)).toEqual([]);
  });

  it('maker-checker: above the limit a second, different operator pays it out', async () => {
    await setSecondApprovalAbove(t, 10_000_00);
    const maker = await signedInOperator(t, 'finance');
    const checker = await signedInOperator(t, 'owner');
    const { member, withdrawalId } = await heldWithdrawal(t, 10_000_01);
    const approve = `withdrawals/${withdrawalId}/approve` as const;

    await claimAndReauth(t, maker, 'withdrawals', withdrawalId);
    const first = await decide(t, maker, approve, { reason: 'checked the account name' });
    expect(first.statusCode, first.body).toBe(202);
    expect(first.json()).toEqual({
      message: 'SECOND_APPROVAL_REQUIRED',
      state: 'awaiting_second_approval',
    });
    expect(await payoutsTo(t, member.bankAccountNo)).toEqual([]);
    expect(await status(withdrawalId)).toBe('pending_approval');

    // The maker's claim ended: they claim it again and confirm their own request: refused.
    await claimAndReauth(t, maker, 'withdrawals', withdrawalId);
    expect((await decide(t, maker, approve)).json()).toEqual({ message: 'SELF_APPROVAL' });
    expect((await decide(t, maker, approve)).json()).toEqual({ message: 'SELF_APPROVAL' });
    expect(await payoutsTo(t, member.bankAccountNo)).toEqual([]);
    const listed = await adminApi(t, 'POST', '/api/admin/withdrawals/list', {
      token: checker.token,
      body: { member: member.publicId, isAwaitingSecond: true },
    });
    expect(listed.json().rows[0]).toMatchObject({
      id: withdrawalId,
      isSecondApprovalNeeded: true,
      approval: { requestedBy: maker.username, reason: 'checked the account name' },
    });

    await adminApi(t, 'POST', `/api/admin/claims/withdrawals/${withdrawalId}/release`, {
      token: maker.token,
    });
    await claimAndReauth(t, checker, 'withdrawals', withdrawalId);
    const second = await decide(t, checker, approve);
    expect(second.json()).toEqual({ message: 'OK', state: 'paid' });
    expect(await payoutsTo(t, member.bankAccountNo)).toHaveLength(1);
    expect(await auditActions(t, withdrawalId)).toEqual([
      'withdrawal.approval_requested',
      'withdrawal.approved',
    ]);
    const approval = await t.app.deps.db.kysely
      .selectFrom('withdrawal_approvals')
      .selectAll()
      .where('withdrawal_id', '=', withdrawalId)
      .executeTakeFirstOrThrow();
    expect(approval).toMatchObject({ requested_by: maker.id, confirmed_by: checker.id });
    await expectLedgerConsistent(t.app.deps.db);
  });

  it('maker-checker: a rejection after the first approval returns the money', async () => {
    await setSecondApprovalAbove(t, 1_000_00);
    const maker = await signedInOperator(t, 'finance');
    const { member, withdrawalId } = await heldWithdrawal(t, 5_000_00);
    await claimAndReauth(t, maker, 'withdrawals', withdrawalId);
    expect((await decide(t, maker, `withdrawals/${withdrawalId}/approve`)).statusCode).toBe(202);
    await claim(t, maker, 'withdrawals', withdrawalId);
    const rejected = await decide(t, maker, `withdrawals/${withdrawalId}/reject`, {
      reason: 'member asked to cancel',
    });
    expect(rejected.json()).toEqual({ message: 'OK' });
    expect(await cashOf(t, member.memberId)).toBe(5_000_00n);
    expect(await payoutsTo(t, member.bankAccountNo)).toEqual([]);
  });
});
