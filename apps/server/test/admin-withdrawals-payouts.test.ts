import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminPayoutListContract } from '@mekong/contracts/admin/withdrawals';
import { withdrawResponseSchema } from '@mekong/contracts/wallet';
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
import { adminApi, signedInOperator, type TestOperator } from './support/operators.ts';
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

const row = (id: string) =>
  t.app.deps.db.kysely
    .selectFrom('withdrawals')
    .select(['status', 'failure_code', 'payout_attempts'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

/** A withdrawal whose payout call ended without an answer (`mode`), old enough to be in the payouts queue. */
async function unknownPayout(mode: 'error-before' | 'error-after', amountMinor = 1_500_00) {
  const member = await fundedMember(t, 5_000_00);
  await sandboxPost(t, '/sandbox/bank/faults', { nextOutcomes: [mode] });
  const response = await withdrawCall(t, member.token, amountMinor / 100);
  expect(response.statusCode, response.body).toBe(202);
  const { withdrawalId } = withdrawResponseSchema.parse(response.json());
  await sandboxPost(t, '/sandbox/bank/faults/clear');
  t.clock.advance(60_000);
  return { member, withdrawalId };
}

async function listPayouts(op: TestOperator, body: Record<string, unknown>) {
  const response = await adminApi(t, 'POST', '/api/admin/payouts/list', { token: op.token, body });
  expect(response.statusCode, response.body).toBe(200);
  return adminPayoutListContract.response.parse(response.json());
}

describe('payouts queue', () => {
  it('lists unknown, held and failed payouts; a fresh one is not there yet', async () => {
    const finance = await signedInOperator(t, 'finance');
    const { member, withdrawalId } = await unknownPayout('error-before');
    const listed = await listPayouts(finance, { member: member.username });
    expect(listed.rows).toEqual([
      expect.objectContaining({ id: withdrawalId, state: 'unknown', payoutAttempts: 1 }),
    ]);
    expect((await listPayouts(finance, { member: member.username, state: 'held' })).total).toBe(0);

    // Refused by the bank: listed as failed, the money already back.
    await sandboxPost(t, '/sandbox/bank/faults', { rejectAccountNos: [member.bankAccountNo] });
    const refused = await withdrawCall(t, member.token, 100);
    expect(refused.json()).toEqual({ message: 'TRANSFER_FAIL' });
    const failed = await listPayouts(finance, { member: member.username, state: 'failed' });
    expect(failed.rows).toEqual([
      expect.objectContaining({ state: 'failed', failureCode: 'ACCOUNT_CLOSED' }),
    ]);

    // Sent a moment ago: its bank call may still be under way, so it is not in the queue yet.
    await sandboxPost(t, '/sandbox/bank/faults/clear');
    await sandboxPost(t, '/sandbox/bank/faults', { nextOutcomes: ['error-before'] });
    expect((await withdrawCall(t, member.token, 200)).statusCode).toBe(202);
    expect((await listPayouts(finance, { member: member.username, state: 'unknown' })).total).toBe(
      1,
    );
  });

  it('retry of a payout the bank paid settles it as paid without paying again', async () => {
    const finance = await signedInOperator(t, 'finance');
    const { member, withdrawalId } = await unknownPayout('error-after');
    expect(await payoutsTo(t, member.bankAccountNo)).toHaveLength(1);
    await claimAndReauth(t, finance, 'payouts', withdrawalId);
    const retried = await decide(t, finance, `payouts/${withdrawalId}/retry`, {});
    expect(retried.json()).toEqual({ message: 'OK', state: 'paid' });
    expect(await payoutsTo(t, member.bankAccountNo)).toHaveLength(1);
    expect(await row(withdrawalId)).toMatchObject({ status: 'succeeded', payout_attempts: 1 });
    expect(await cashOf(t, member.memberId)).toBe(3_500_00n);
    expect((await statementOf(t, member.token)).statements[0]).toMatchObject({ status: 'SUCCESS' });
    expect(await auditActions(t, withdrawalId)).toEqual(['payout.retried']);

    await claimAndReauth(t, finance, 'payouts', withdrawalId);
    const again = await decide(t, finance, `payouts/${withdrawalId}/retry`, {});
    expect(again.json()).toEqual({ message: 'ITEM_ALREADY_DECIDED' });
    // Refunding a paid payout is refused too.
    const refund = await decide(t, finance, `payouts/${withdrawalId}/refund`, { reason: 'try it' });
    expect(refund.json()).toEqual({ message: 'ITEM_ALREADY_DECIDED' });
    expect(await cashOf(t, member.memberId)).toBe(3_500_00n);
    await expectLedgerConsistent(t.app.deps.db);
  });

  it(`parallel retries of a payout the bank never saw pay it exactly once (${db})`, async () => {
    const finance = await signedInOperator(t, 'finance');
    const { member, withdrawalId } = await unknownPayout('error-before');
    expect(await payoutsTo(t, member.bankAccountNo)).toEqual([]);
    await claimAndReauth(t, finance, 'payouts', withdrawalId);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => decide(t, finance, `payouts/${withdrawalId}/retry`, {})),
    );
    const messages = answers.map((a) => (a.json() as { message: string }).message);
    expect(messages.filter((m) => m === 'OK')).toHaveLength(1);
    for (const m of messages.filter((x) => x !== 'OK'))
      expect(['PAYOUT_IN_PROGRESS', 'ITEM_ALREADY_DECIDED']).toContain(m);
    expect(await payoutsTo(t, member.bankAccountNo)).toEqual([
      expect.objectContaining({ amountMinor: 1_500_00, status: 'success' }),
    ]);
    expect(await row(withdrawalId)).toMatchObject({ status: 'succeeded', payout_attempts: 2 });
    // The reconciliation job finds nothing left to do with it.
    t.clock.advance(60_000);
    await t.app.moneyOut.withdrawals.reconcilePayouts();
    expect(await row(withdrawalId)).toMatchObject({ status: 'succeeded', payout_attempts: 2 });
    expect(await payoutsTo(t, member.bankAccountNo)).toHaveLength(1);
    await expectLedgerConsistent(t.app.deps.db);
  });

  it(`refund gives the money back once when the bank never saw the payout (${db})`, async () => {
    const finance = await signedInOperator(t, 'finance');
    const { member, withdrawalId } = await unknownPayout('error-before');
    await claimAndReauth(t, finance, 'payouts', withdrawalId);
    const noReason = await decide(t, finance, `payouts/${withdrawalId}/refund`, {});
    expect(noReason.json()).toEqual({ message: 'REASON_REQUIRED' });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        decide(t, finance, `payouts/${withdrawalId}/refund`, { reason: 'bank never got it' }),
      ),
    );
    const messages = answers.map((a) => (a.json() as { message: string }).message);
    expect(messages.filter((m) => m === 'OK')).toHaveLength(1);
    expect(await cashOf(t, member.memberId)).toBe(5_000_00n);
    expect(await row(withdrawalId)).toMatchObject({ status: 'failed', failure_code: 'REFUNDED' });
    expect(await auditActions(t, withdrawalId)).toEqual(['payout.refunded']);
    expect((await statementOf(t, member.token)).statements[0]).toMatchObject({ status: 'FAILED' });
    expect(await payoutsTo(t, member.bankAccountNo)).toEqual([]);
    await expectLedgerConsistent(t.app.deps.db);
  });

  it('refund of a payout the bank paid is refused and the payout settled as paid', async () => {
    const finance = await signedInOperator(t, 'finance');
    const { member, withdrawalId } = await unknownPayout('error-after');
    await claimAndReauth(t, finance, 'payouts', withdrawalId);
    const refund = await decide(t, finance, `payouts/${withdrawalId}/refund`, { reason: 'refund' });
    expect(refund.json()).toEqual({ message: 'PAYOUT_ALREADY_PAID' });
    expect(await row(withdrawalId)).toMatchObject({ status: 'succeeded' });
    expect(await cashOf(t, member.memberId)).toBe(3_500_00n);
    await expectLedgerConsistent(t.app.deps.db);
  });

  it('a payout held after its re-sends is retried under the same reference, or refunded', async () => {
    const finance = await signedInOperator(t, 'finance');
    const { member, withdrawalId } = await unknownPayout('error-before');
    // Every re-send fails before the bank records it, until the job holds it for an operator.
    await sandboxPost(t, '/sandbox/bank/faults', {
      nextOutcomes: Array.from({ length: 10 }, () => 'error-before'),
    });
    for (let i = 0; i < 5; i++) {
      await t.app.moneyOut.withdrawals.reconcilePayouts();
      t.clock.advance(60_000);
    }
    await sandboxPost(t, '/sandbox/bank/faults/clear');
    expect(await row(withdrawalId)).toMatchObject({ status: 'pending_approval' });
    const held = await listPayouts(finance, { member: member.username, state: 'held' });
    expect(held.rows.map((r) => r.id)).toEqual([withdrawalId]);
    // Not a withdrawal awaiting approval: the withdrawals queue refuses it.
    await claimAndReauth(t, finance, 'withdrawals', withdrawalId);
    const approve = await decide(t, finance, `withdrawals/${withdrawalId}/approve`, {});
    expect(approve.json()).toEqual({ message: 'ITEM_ALREADY_DECIDED' });

    await claimAndReauth(t, finance, 'payouts', withdrawalId);
    const retried = await decide(t, finance, `payouts/${withdrawalId}/retry`, {
      reason: 'bank is back',
    });
    expect(retried.json()).toEqual({ message: 'OK', state: 'paid' });
    expect(await payoutsTo(t, member.bankAccountNo)).toHaveLength(1);
    expect(await cashOf(t, member.memberId)).toBe(3_500_00n);
    await expectLedgerConsistent(t.app.deps.db);
  });

  it('refuses payout actions without a claim, re-auth or the permission', async () => {
    const finance = await signedInOperator(t, 'finance');
    const support = await signedInOperator(t, 'support');
    const { withdrawalId } = await unknownPayout('error-before');
    t.clock.advance(6 * 60_000);
    const retry = `payouts/${withdrawalId}/retry` as const;
    expect((await decide(t, finance, retry)).json()).toEqual({
      message: 'OPERATOR_REAUTH_REQUIRED',
    });
    expect((await decide(t, support, retry)).json()).toEqual({ message: 'OPERATOR_FORBIDDEN' });
    await claimAndReauth(t, finance, 'withdrawals', withdrawalId);
    expect((await decide(t, finance, retry)).json()).toEqual({ message: 'ITEM_NOT_CLAIMED' });
    const other = await signedInOperator(t, 'owner');
    await claim(t, other, 'payouts', withdrawalId);
    expect((await decide(t, finance, retry)).json()).toEqual({ message: 'ITEM_CLAIMED' });
    // A held withdrawal that was never sent is not a payout to retry.
    const { withdrawalId: heldId } = await heldWithdrawal(t, 1_000_00);
    await claimAndReauth(t, finance, 'payouts', heldId);
    expect((await decide(t, finance, `payouts/${heldId}/retry`)).json()).toEqual({
      message: 'ITEM_ALREADY_DECIDED',
    });
    expect(await auditActions(t, withdrawalId)).toEqual([]);
  });
});
