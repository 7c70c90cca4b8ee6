import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { withdrawResponseSchema } from '@mekong/contracts/wallet';
import { getMemberBalances } from '@/modules/ledger/ledger.service.ts';
import {
  cashOf,
  depositViaBank,
  memberIdOf,
  payoutsTo,
  sandboxPost,
  setWithdrawLimits,
  statementOf,
  withdrawCall,
} from './support/bank.ts';
import { signedInMember } from './support/members.ts';
import { expectLedgerConsistent } from './support/money.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

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
});

/** A signed-in member with `amountMinor` in the cash wallet, deposited through the bank feed. */
async function fundedMember(amountMinor = 5_000_00) {
  const member = await signedInMember(t);
  const memberId = await memberIdOf(t, member.username);
  await depositViaBank(t, member, amountMinor);
  // Later rows of the statement get later times (the test clock stands still otherwise).
  t.clock.advance(1_000);
  return { ...member, memberId };
}

async function withdrawalRow(id: string) {
  return t.app.deps.db.kysely
    .selectFrom('withdrawals')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

describe('POST /api/wallet/withdraw (D7)', () => {
  it('pays out at once to the registered account, with the transfer id as the reference', async () => {
    const m = await fundedMember(5_000_00);
    const response = await withdrawCall(t, m.token, 1_234.5);
    expect(response.statusCode, response.body).toBe(200);
    const body = withdrawResponseSchema.parse(response.json());
    expect(body).toMatchObject({ message: 'SUCCESS', status: 'SUCCESS' });

    expect(await cashOf(t, m.memberId)).toBe(3_765_50n);
    const row = await withdrawalRow(body.withdrawalId);
    expect(row.status).toBe('succeeded');
    const payouts = await payoutsTo(t, m.bankAccountNo);
    expect(payouts).toEqual([
      expect.objectContaining({
        reference: row.transfer_id,
        bankCode: m.bankCode,
        amountMinor: 1_234_50,
        status: 'success',
      }),
    ]);
    const { statements } = await statementOf(t, m.token);
    expect(statements[0]).toMatchObject({
      _id: row.transfer_id,
      statementType: 'withdraw',
      from: 'wallet',
      to: 'bank',
      amount: 1_234.5,
      status: 'SUCCESS',
    });
    await expectLedgerConsistent(t.app.deps.db);
  });

  it.each([
    [99.99, 400, 'WITHDRAW_MINIMUM'],
    [0, 400, 'WITHDRAW_MINIMUM'],
    [-100, 400, 'WITHDRAW_MINIMUM'],
    [50_000.01, 400, 'WITHDRAW_MAXIMUM'],
    [100.001, 400, 'INVALID_AMOUNT'],
    ['100', 400, 'INVALID_AMOUNT'],
    [null, 400, 'INVALID_AMOUNT'],
    [1e12, 400, 'AMOUNT_TOO_LARGE'],
  ])('refuses amount %j with %i %s and moves nothing', async (amount, status, code) => {
    const m = await fundedMember(1_000_00);
    const response = await withdrawCall(t, m.token, amount);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ message: code });
    expect(await cashOf(t, m.memberId)).toBe(1_000_00n);
    expect(await payoutsTo(t, m.bankAccountNo)).toEqual([]);
  });

  it('refuses more than the cash wallet holds (MONEY_NOT_ENOUGH)', async () => {
    const m = await fundedMember(500_00);
    const response = await withdrawCall(t, m.token, 500.01);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'MONEY_NOT_ENOUGH' });
    expect(await cashOf(t, m.memberId)).toBe(500_00n);
    expect(await t.countRows('withdrawals')).toBeGreaterThanOrEqual(0);
    const rows = await t.app.deps.db.kysely
      .selectFrom('withdrawals')
      .select('id')
      .where('member_id', '=', m.memberId)
      .execute();
    expect(rows).toEqual([]);
  });

  it('refuses bad bodies, a missing or malformed Idempotency-Key and strangers, never with a 500', async () => {
    const m = await fundedMember(1_000_00);
    const cases: [Parameters<TestApp['api']>[2], number, string][] = [
      [
        { token: m.token, body: {}, headers: { 'idempotency-key': randomUUID() } },
        400,
        'INVALID_AMOUNT',
      ],
      [
        {
          token: m.token,
          body: { amount: 100, extra: 1 },
          headers: { 'idempotency-key': randomUUID() },
        },
        400,
        'UNKNOWN_FIELD',
      ],
      [
        { token: m.token, body: [100], headers: { 'idempotency-key': randomUUID() } },
        400,
        'INVALID_REQUEST',
      ],
      [
        {
          token: m.token,
          rawBody: '{"amount":',
          headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
        },
        400,
        'INVALID_JSON',
      ],
      [{ token: m.token, body: { amount: 100 } }, 400, 'KEY_MISSING'],
      [
        { token: m.token, body: { amount: 100 }, headers: { 'idempotency-key': 'not-a-uuid' } },
        400,
        'KEY_INVALID',
      ],
      [
        {
          token: m.token,
          body: { amount: 100 },
          headers: { 'idempotency-key': `${randomUUID()}x` },
        },
        400,
        'KEY_INVALID',
      ],
      [
        { body: { amount: 100 }, headers: { 'idempotency-key': randomUUID() } },
        401,
        'UNAUTHORIZED',
      ],
    ];
    for (const [options, status, code] of cases) {
      const response = await t.api('POST', '/api/wallet/withdraw', options);
      expect(response.statusCode, JSON.stringify(options)).toBe(status);
      expect(response.json()).toEqual({ message: code });
    }
    expect(await cashOf(t, m.memberId)).toBe(1_000_00n);
    expect(await payoutsTo(t, m.bankAccountNo)).toEqual([]);
  });

  it('returns the money at once when the bank refuses the payout (TRANSFER_FAIL), shown as FAILED', async () => {
    const m = await fundedMember(2_000_00);
    await sandboxPost(t, '/sandbox/bank/faults', { rejectAccountNos: [m.bankAccountNo] });
    const response = await withdrawCall(t, m.token, 700);
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ message: 'TRANSFER_FAIL' });
    expect(await cashOf(t, m.memberId)).toBe(2_000_00n);
    const [payout] = await payoutsTo(t, m.bankAccountNo);
    expect(payout).toMatchObject({ status: 'failed', amountMinor: 700_00 });

    const { statements } = await statementOf(t, m.token);
    expect(statements[0]).toMatchObject({
      statementType: 'withdraw',
      amount: 700,
      status: 'FAILED',
    });
    const row = await t.app.deps.db.kysely
      .selectFrom('withdrawals')
      .select(['status', 'failure_code'])
      .where('member_id', '=', m.memberId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'failed', failure_code: 'ACCOUNT_CLOSED' });
    await expectLedgerConsistent(t.app.deps.db);
  });

  it('leaves an unknown outcome pending, and the reconciliation job settles it by its reference', async () => {
    const m = await fundedMember(3_000_00);
    // The bank pays, but answers only after our 1 s time-out.
    await sandboxPost(t, '/sandbox/bank/faults', {
      nextOutcomes: ['timeout-after'],
      hangMs: 3_000,
    });
    const response = await withdrawCall(t, m.token, 1_000);
    expect(response.statusCode).toBe(202);
    const body = withdrawResponseSchema.parse(response.json());
    expect(body).toMatchObject({ message: 'WITHDRAW_PENDING', status: 'PENDING' });
    // Reserved: not spendable, not yet gone.
    expect(await cashOf(t, m.memberId)).toBe(2_000_00n);
    expect((await statementOf(t, m.token)).statements[0]).toMatchObject({ status: 'PENDING' });

    const { withdrawals } = t.app.moneyOut;
    // Too fresh to ask about: the payout call may still be under way.
    expect(await withdrawals.reconcilePayouts()).toMatchObject({ checked: 0 });
    t.clock.advance(60_000);
    expect(await withdrawals.reconcilePayouts()).toMatchObject({ checked: 1, succeeded: 1 });
    expect((await withdrawalRow(body.withdrawalId)).status).toBe('succeeded');
    expect(await cashOf(t, m.memberId)).toBe(2_000_00n);
    expect((await statementOf(t, m.token)).statements[0]).toMatchObject({ status: 'SUCCESS' });
    expect(await payoutsTo(t, m.bankAccountNo)).toHaveLength(1);
    await expectLedgerConsistent(t.app.deps.db);
  });

  it('sends a payout the bank never saw again under the same reference; a refusal then returns the money', async () => {
    const m = await fundedMember(3_000_00);
    await sandboxPost(t, '/sandbox/bank/faults', {
      nextOutcomes: ['error-before', 'error-before', 'fail'],
    });
    const response = await withdrawCall(t, m.token, 400);
    expect(response.statusCode).toBe(202);
    const { withdrawalId } = withdrawResponseSchema.parse(response.json());
    expect(await payoutsTo(t, m.bankAccountNo)).toEqual([]);

    const { withdrawals } = t.app.moneyOut;
    t.clock.advance(60_000);
    // Not found at the bank → sent again → another 5xx: still unknown, still reserved.
    expect(await withdrawals.reconcilePayouts()).toMatchObject({
      checked: 1,
      resent: 1,
      unknown: 1,
    });
    expect(await cashOf(t, m.memberId)).toBe(2_600_00n);
    t.clock.advance(60_000);
    expect(await withdrawals.reconcilePayouts()).toMatchObject({
      checked: 1,
      resent: 1,
      failed: 1,
    });
    expect(await cashOf(t, m.memberId)).toBe(3_000_00n);
    const row = await withdrawalRow(withdrawalId);
    expect(row).toMatchObject({
      status: 'failed',
      failure_code: 'PAYOUT_REJECTED',
      payout_attempts: 3,
    });
    await expectLedgerConsistent(t.app.deps.db);
  });

  it('answers a repeated Idempotency-Key with the first result and pays once', async () => {
    const m = await fundedMember(2_000_00);
    const key = randomUUID();
    const first = await withdrawCall(t, m.token, 300, { key });
    const second = await withdrawCall(t, m.token, 300, { key });
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(await cashOf(t, m.memberId)).toBe(1_700_00n);
    expect(await payoutsTo(t, m.bankAccountNo)).toHaveLength(1);

    const other = await withdrawCall(t, m.token, 301, { key });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({ message: 'IDEMPOTENCY_KEY_REUSED' });
    // Upper-case spelling of the same key is the same key.
    const upper = await withdrawCall(t, m.token, 300, { key: key.toUpperCase() });
    expect(upper.json()).toEqual(first.json());
    expect(await cashOf(t, m.memberId)).toBe(1_700_00n);
  });

  it('moves money once for one key sent many times at once', async () => {
    const m = await fundedMember(2_000_00);
    const key = randomUUID();
    const responses = await Promise.all(
      Array.from({ length: 12 }, () => withdrawCall(t, m.token, 250, { key })),
    );
    const ids = new Set(responses.map((r) => (r.json() as { withdrawalId: string }).withdrawalId));
    expect(responses.map((r) => r.statusCode).every((s) => s === 200 || s === 202)).toBe(true);
    expect(ids.size).toBe(1);
    // The first answer pays; the others are replays of it (paid, or still on its way when they looked).
    t.clock.advance(60_000);
    await t.app.moneyOut.withdrawals.reconcilePayouts();
    expect(await cashOf(t, m.memberId)).toBe(1_750_00n);
    expect(await payoutsTo(t, m.bankAccountNo)).toHaveLength(1);
    await expectLedgerConsistent(t.app.deps.db);
  });

  it('enforces the daily count and amount limits; failed withdrawals do not count; a new day resets them', async () => {
    const m = await fundedMember(10_000_00);
    await setWithdrawLimits(t, { dailyCount: 2, dailyAmountMinor: 1_000_00 });
    expect((await withdrawCall(t, m.token, 600)).statusCode).toBe(200);
    const over = await withdrawCall(t, m.token, 400.01);
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({ message: 'WITHDRAW_DAILY_AMOUNT' });

    await sandboxPost(t, '/sandbox/bank/faults', { rejectAccountNos: [m.bankAccountNo] });
    expect((await withdrawCall(t, m.token, 100)).json()).toEqual({ message: 'TRANSFER_FAIL' });
    await sandboxPost(t, '/sandbox/bank/faults/clear');

    expect((await withdrawCall(t, m.token, 400)).statusCode).toBe(200);
    const third = await withdrawCall(t, m.token, 100);
    expect(third.statusCode).toBe(400);
    expect(third.json()).toEqual({ message: 'WITHDRAW_DAILY_LIMIT' });

    // Midnight in Bangkok is 17:00 UTC; the test clock starts at 03:00 UTC.
    t.clock.advance(14 * 60 * 60 * 1000);
    expect((await withdrawCall(t, m.token, 100)).statusCode).toBe(200);
    expect(await cashOf(t, m.memberId)).toBe(8_900_00n);
  });

  it('holds a withdrawal above the auto-payout limit for an operator, who approves it', async () => {
    const m = await fundedMember(60_000_00);
    await setWithdrawLimits(t, { autoPayoutMaxMinor: 10_000_00 });
    const response = await withdrawCall(t, m.token, 10_000.01);
    expect(response.statusCode).toBe(202);
    const { withdrawalId } = withdrawResponseSchema.parse(response.json());
    expect(await payoutsTo(t, m.bankAccountNo)).toEqual([]);
    expect(await cashOf(t, m.memberId)).toBe(49_999_99n);
    const { withdrawals } = t.app.moneyOut;
    expect((await withdrawals.listAwaitingApproval()).map((w) => w.id)).toContain(withdrawalId);
    // The reconciliation job leaves it alone: it was never sent.
    t.clock.advance(60_000);
    expect(await withdrawals.reconcilePayouts()).toMatchObject({ checked: 0 });

    const approved = await withdrawals.approveWithdrawal(withdrawalId, 'operator-1');
    expect(approved).toMatchObject({ status: 'succeeded', decidedBy: 'operator-1' });
    expect(await payoutsTo(t, m.bankAccountNo)).toHaveLength(1);
    // Approving twice changes nothing.
    expect(await withdrawals.approveWithdrawal(withdrawalId, 'operator-2')).toMatchObject({
      status: 'succeeded',
      decidedBy: 'operator-1',
    });
    await expect(withdrawals.rejectWithdrawal(withdrawalId, 'operator-2')).rejects.toMatchObject({
      code: 'INVALID_REQUEST',
    });
    expect(await payoutsTo(t, m.bankAccountNo)).toHaveLength(1);
    expect(await cashOf(t, m.memberId)).toBe(49_999_99n);
    expect((await statementOf(t, m.token)).statements[0]).toMatchObject({ status: 'SUCCESS' });
    await expect(withdrawals.approveWithdrawal(randomUUID(), 'operator-1')).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('returns the money when an operator rejects a held withdrawal', async () => {
    const m = await fundedMember(30_000_00);
    await setWithdrawLimits(t, { autoPayoutMaxMinor: 0 });
    const response = await withdrawCall(t, m.token, 25_000);
    expect(response.statusCode).toBe(202);
    const { withdrawalId } = withdrawResponseSchema.parse(response.json());
    const { withdrawals } = t.app.moneyOut;
    const rejected = await withdrawals.rejectWithdrawal(
      withdrawalId,
      'operator-1',
      'name mismatch',
    );
    expect(rejected).toMatchObject({ status: 'rejected', decisionNote: 'name mismatch' });
    expect(await withdrawals.rejectWithdrawal(withdrawalId, 'operator-1')).toMatchObject({
      status: 'rejected',
    });
    await expect(withdrawals.approveWithdrawal(withdrawalId, 'operator-1')).rejects.toMatchObject({
      code: 'INVALID_REQUEST',
    });
    expect(await cashOf(t, m.memberId)).toBe(30_000_00n);
    expect(await payoutsTo(t, m.bankAccountNo)).toEqual([]);
    expect((await statementOf(t, m.token)).statements[0]).toMatchObject({
      statementType: 'withdraw',
      status: 'FAILED',
    });
    // A replay of the rejected request says it failed.
    const again = await t.api('POST', '/api/wallet/withdraw', {
      token: m.token,
      body: { amount: 25_000 },
      headers: { 'idempotency-key': (await withdrawalRow(withdrawalId)).idempotency_key },
    });
    expect(again.json()).toEqual({ message: 'TRANSFER_FAIL' });
    await expectLedgerConsistent(t.app.deps.db);
  });

  it('keeps the balances of other members apart', async () => {
    const a = await fundedMember(1_000_00);
    const b = await fundedMember(1_000_00);
    expect((await withdrawCall(t, a.token, 1_000)).statusCode).toBe(200);
    expect(await cashOf(t, a.memberId)).toBe(0n);
    expect((await getMemberBalances(t.app.deps.db.kysely, b.memberId)).cash).toBe(1_000_00n);
    expect((await withdrawCall(t, a.token, 100)).json()).toEqual({ message: 'MONEY_NOT_ENOUGH' });
  });
});
