import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSlipListContract } from '@mekong/contracts/admin/deposits';
import {
  adminQueueCountsContract,
  adminWithdrawalRiskContract,
  type QueueCounts,
} from '@mekong/contracts/admin/queues';
import { setWithdrawLimits } from './support/bank.ts';
import { uniqueAccountNo } from './support/members.ts';
import { createMoneyInTestApp, type MoneyInTestApp } from './support/money-in.ts';
import { claim, decide, fundedMember, heldWithdrawal } from './support/money-out.ts';
import { adminApi, signedInOperator, type TestOperator } from './support/operators.ts';
import { bankSlip, slipMember, uploadSlip } from './support/slips.ts';

/** Triage of the queues (docs/back-office/triage.md): every queue's count, apart the system's refusals; risk signals. */

let t: MoneyInTestApp;
let finance: TestOperator;
beforeAll(async () => {
  t = await createMoneyInTestApp();
  finance = await signedInOperator(t, 'finance');
});
afterAll(async () => {
  await t?.close();
});

async function counts(op: TestOperator = finance): Promise<QueueCounts> {
  const response = await adminApi(t, 'GET', '/api/admin/queues/counts', { token: op.token });
  expect(response.statusCode, response.body).toBe(200);
  return adminQueueCountsContract.response.parse(response.json());
}

async function slipIds(origin: 'person' | 'system') {
  const response = await adminApi(t, 'POST', '/api/admin/deposits/slips', {
    token: finance.token,
    body: { state: 'open', origin, limit: 100 },
  });
  expect(response.statusCode, response.body).toBe(200);
  return adminSlipListContract.response.parse(response.json()).rows.map((r) => r.id);
}

describe('queue counts', () => {
  it('counts each queue; a duplicate slip the system refused is counted apart from those a person decides', async () => {
    const before = await counts();

    // A slip from an account that is not the member's: a person decides it.
    const m = await slipMember(t);
    const stranger = { name: 'SOMSRI JAIDEE', bankCode: 'KBANK', accountNo: uniqueAccountNo() };
    const mismatched = await uploadSlip(t, m.token, (await bankSlip(t, stranger, 150_00)).png);
    expect(mismatched).toMatchObject({ status: 'FAILED', note: 'PLAYER_ACCOUNT_MISMATCH' });
    // The member's own slip credits; the same slip sent again is refused by the system as a duplicate.
    const own = await bankSlip(t, m.account, 200_00);
    expect(await uploadSlip(t, m.token, own.png)).toMatchObject({ status: 'SUCCESS' });
    const duplicate = await uploadSlip(t, m.token, own.png);
    expect(duplicate).toMatchObject({ status: 'FAILED', note: 'REFERENCE_DUPLICATED' });
    const held = await heldWithdrawal(t, 1_500_00);

    const after = await counts();
    expect(after.needsPerson.slips).toBe(before.needsPerson.slips + 1);
    expect(after.refusedBySystem.slips).toBe(before.refusedBySystem.slips + 1);
    expect(after.needsPerson.withdrawals).toBe(before.needsPerson.withdrawals + 1);
    expect(after.needsPerson.qr).toBe(before.needsPerson.qr);

    // The lists agree with the counts: each slip in its own section.
    expect(await slipIds('system')).toContain(duplicate._id);
    expect(await slipIds('system')).not.toContain(mismatched._id);
    expect(await slipIds('person')).toContain(mismatched._id);
    expect(await slipIds('person')).not.toContain(duplicate._id);
    const bad = await adminApi(t, 'POST', '/api/admin/deposits/bank-lines', {
      token: finance.token,
      body: { origin: 'robot' },
    });
    expect(bad.json()).toEqual({ message: 'INVALID_REQUEST' });

    // Rejected, the withdrawal leaves the count.
    expect((await claim(t, finance, 'withdrawals', held.withdrawalId)).statusCode).toBe(200);
    const rejected = await decide(t, finance, `withdrawals/${held.withdrawalId}/reject`, {
      reason: 'checked: not the member',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect((await counts()).needsPerson.withdrawals).toBe(before.needsPerson.withdrawals);
    await setWithdrawLimits(t, {});
  });

  it('answers every role that reads the queues, and 403 to one that may not see them', async () => {
    for (const role of ['owner', 'finance', 'support', 'auditor'] as const)
      await counts(await signedInOperator(t, role));
    const marketing = await signedInOperator(t, 'marketing');
    const denied = await adminApi(t, 'GET', '/api/admin/queues/counts', { token: marketing.token });
    expect(denied.statusCode).toBe(403);
    const anonymous = await adminApi(t, 'GET', '/api/admin/queues/counts', {});
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('risk signals of a withdrawal', () => {
  it('gives the account age, deposits against play, and members sharing a trait', async () => {
    const other = await fundedMember(t, 100_00);
    const held = await heldWithdrawal(t, 2_000_00, 5_000_00);
    const support = await signedInOperator(t, 'support');
    const response = await adminApi(t, 'GET', `/api/admin/withdrawals/${held.withdrawalId}/risk`, {
      token: support.token,
    });
    expect(response.statusCode, response.body).toBe(200);
    const risk = adminWithdrawalRiskContract.response.parse(response.json());
    expect(risk).toMatchObject({
      memberId: held.member.memberId,
      accountAgeDays: 0,
      depositsMinor: 5_000_00,
      turnoverMinor: 0,
    });
    // Both signed in from the same address and browser (the test client): linked by the promotions' rule.
    expect(risk.linked).toContainEqual(
      expect.objectContaining({
        id: other.memberId,
        traits: expect.arrayContaining(['address', 'device']),
      }),
    );
    expect(risk.linked.map((l) => l.id)).not.toContain(held.member.memberId);
    expect(risk.linkedTotal).toBeGreaterThanOrEqual(risk.linked.length);
    expect(risk.linked.length).toBeLessThanOrEqual(10);

    // A day and a half later the account is a day old.
    t.clock.advance(36 * 3_600_000);
    const auditor = await signedInOperator(t, 'auditor');
    const later = await adminApi(t, 'GET', `/api/admin/withdrawals/${held.withdrawalId}/risk`, {
      token: auditor.token,
    });
    expect(later.statusCode, later.body).toBe(200);
    expect(adminWithdrawalRiskContract.response.parse(later.json()).accountAgeDays).toBe(1);

    const marketing = await signedInOperator(t, 'marketing');
    const denied = await adminApi(t, 'GET', `/api/admin/withdrawals/${held.withdrawalId}/risk`, {
      token: marketing.token,
    });
    expect(denied.statusCode).toBe(403);
    const missing = await adminApi(t, 'GET', `/api/admin/withdrawals/${randomUUID()}/risk`, {
      token: auditor.token,
    });
    expect(missing.json()).toEqual({ message: 'ITEM_NOT_FOUND' });
  });
});
