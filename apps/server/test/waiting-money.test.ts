import { waitingMoneyResponseSchema, walletWithdrawCheck } from '@mekong/contracts/waiting-money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxPost, setWithdrawLimits } from './support/bank.ts';
import { claimAndDecide } from './support/deposit-queues.ts';
import { createMoneyInTestApp, type MoneyInTestApp } from './support/money-in.ts';
import { walletMember } from './support/money.ts';
import {
  claimAndReauth,
  decide,
  fundedMember,
  heldWithdrawal,
  setSecondApprovalAbove,
} from './support/money-out.ts';
import { signedInOperator, type TestOperator } from './support/operators.ts';

/** GET /api/wallet/waiting and POST /api/wallet/withdraw/check (docs/decisions/0025-waiting-money.md). */

let t: MoneyInTestApp;
let finance: TestOperator;
beforeAll(async () => {
  t = await createMoneyInTestApp();
  finance = await signedInOperator(t, 'finance');
  await setSecondApprovalAbove(t, 50_000_00);
});
afterAll(async () => {
  await t?.close();
});

async function waitingOf(token: string) {
  const response = await t.api('GET', '/api/wallet/waiting', { token });
  expect(response.statusCode, response.body).toBe(200);
  return waitingMoneyResponseSchema.parse(response.json());
}

async function check(token: string, amount: number) {
  const response = await t.api('POST', '/api/wallet/withdraw/check', { token, body: { amount } });
  expect(response.statusCode, response.body).toBe(200);
  return walletWithdrawCheck.response.parse(response.json());
}

describe('money held for an operator', () => {
  it('lists a QR paid with another amount at once, then its decision for a day, with the usual wait', async () => {
    const m = await walletMember(t);
    const created = await t.api('POST', '/api/qrcode/KBANK', {
      token: m.token,
      body: { amount: 300 },
    });
    expect(created.statusCode, created.body).toBe(200);
    const { qrcodeId, reference } = created.json<{ qrcodeId: string; reference: string }>();
    expect(await waitingOf(m.token)).toEqual({
      items: [],
      usualWaitSeconds: { credit: null, payout: null },
    });

    const paid = await t.gatewayPost('/sandbox/qr/pay', {
      provider: 'KBANK',
      reference,
      isForced: true,
      amountMinor: 299_00,
    });
    expect(paid.status, JSON.stringify(paid.json)).toBe(200);
    const held = await waitingOf(m.token);
    expect(held.items).toEqual([
      expect.objectContaining({
        id: qrcodeId,
        kind: 'credit',
        channel: 'qr',
        amount: 299,
        currency: 'THB',
        reference,
        state: 'waiting',
        decidedAt: null,
      }),
    ]);
    // Another member sees nothing of it.
    const other = await walletMember(t);
    expect((await waitingOf(other.token)).items).toEqual([]);

    t.clock.advance(10 * 60_000);
    await claimAndDecide(t, finance, 'qr', qrcodeId, 'credit', { reason: 'paid one baht short' });
    const decided = await waitingOf(m.token);
    expect(decided.items).toEqual([
      expect.objectContaining({
        id: qrcodeId,
        amount: 299,
        state: 'credited',
        decidedAt: expect.any(String),
      }),
    ]);
    // Ten minutes from the payment to the decision (and the few seconds the claim and sign-in take).
    expect(decided.usualWaitSeconds.credit).toBeGreaterThanOrEqual(600);
    expect(decided.usualWaitSeconds.credit).toBeLessThan(700);
    expect(decided.usualWaitSeconds.payout).toBeNull();

    t.clock.advance(25 * 3600_000);
    expect((await waitingOf(m.token)).items).toEqual([]);
  });
});

describe('bank transfers held for an operator', () => {
  it('lists a transfer from the member’s own account in another currency', async () => {
    const m = await walletMember(t);
    const sent = (await sandboxPost(t, '/sandbox/bank/credit-member', {
      bankCode: m.bankCode,
      accountNo: m.bankAccountNo,
      amountMinor: 50_000_00,
      currency: 'LAK',
    })) as { transfer: { reference: string } };
    expect(await t.app.moneyOut.bankFeed.runBankFeedOnce()).toMatchObject({ unmatched: 1 });
    expect((await waitingOf(m.token)).items).toEqual([
      expect.objectContaining({
        kind: 'credit',
        channel: 'bank',
        amount: 50_000,
        currency: 'LAK',
        reference: sent.transfer.reference,
        state: 'waiting',
      }),
    ]);
  });
});

describe('withdrawals that wait for an operator', () => {
  it('says before sending whether the amount waits, by the auto-payout limit the withdrawal applies', async () => {
    const m = await fundedMember(t, 30_000_00);
    await setWithdrawLimits(t, { autoPayoutMaxMinor: 20_000_00 });
    expect(await check(m.token, 20_000)).toEqual({
      isOperatorNeeded: false,
      usualWaitSeconds: null,
    });
    expect((await check(m.token, 20_000.01)).isOperatorNeeded).toBe(true);
    expect((await check(m.token, 25_000)).isOperatorNeeded).toBe(true);
    await setWithdrawLimits(t, { autoPayoutMaxMinor: 30_000_00 });
    expect((await check(m.token, 25_000)).isOperatorNeeded).toBe(false);
    const unsigned = await t.api('POST', '/api/wallet/withdraw/check', { body: { amount: 1 } });
    expect(unsigned.statusCode).toBe(401);
  });

  it('lists a waiting withdrawal with a short reference until an operator pays or refuses it', async () => {
    const paidOne = await heldWithdrawal(t, 25_000_00);
    const refusedOne = await heldWithdrawal(t, 21_000_00);
    const waiting = await waitingOf(paidOne.member.token);
    expect(waiting.items).toEqual([
      expect.objectContaining({
        id: paidOne.withdrawalId,
        kind: 'payout',
        channel: 'bank',
        amount: 25_000,
        state: 'waiting',
        reference: expect.stringMatching(/^[0-9A-F]{8}$/),
      }),
    ]);

    t.clock.advance(30 * 60_000);
    // An operator signed in now (the earlier sign-in has idled out).
    finance = await signedInOperator(t, 'finance');
    await claimAndReauth(t, finance, 'withdrawals', paidOne.withdrawalId);
    const approved = await decide(t, finance, `withdrawals/${paidOne.withdrawalId}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    await claimAndReauth(t, finance, 'withdrawals', refusedOne.withdrawalId);
    const refused = await decide(t, finance, `withdrawals/${refusedOne.withdrawalId}/reject`, {
      reason: 'account name does not match',
    });
    expect(refused.statusCode, refused.body).toBe(200);

    const paid = await waitingOf(paidOne.member.token);
    expect(paid.items).toEqual([
      expect.objectContaining({ id: paidOne.withdrawalId, state: 'paid' }),
    ]);
    expect((await waitingOf(refusedOne.member.token)).items).toEqual([
      expect.objectContaining({ id: refusedOne.withdrawalId, state: 'refused' }),
    ]);
    // Both waited 30 minutes (and the moments the claims take): the median is that.
    const usual = paid.usualWaitSeconds.payout;
    expect(usual).toBeGreaterThanOrEqual(1800);
    expect(usual).toBeLessThan(1900);
    expect((await check(paidOne.member.token, 25_000)).usualWaitSeconds).toBe(usual);
  });
});
