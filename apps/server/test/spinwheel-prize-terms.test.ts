import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cashOf } from './support/bank.ts';
import { expectLedgerConsistent, walletMember } from './support/money.ts';
import { GUARDS_OFF, setGuards } from './support/promotion-play.ts';
import {
  claim,
  deposit,
  spin,
  useDemoWheel,
  useWheel,
  type CouponAnswer,
} from './support/spinwheel.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * Issue 28 item 5: a won prize says truthfully what it is. A cash coupon carries the turnover it asks before it can be
 * withdrawn, in baht (docs/decisions/0013-promotions.md#earned-by-play): before the claim what today's setting asks,
 * after the claim the target fixed then; a bonus or "try again" coupon asks none.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await useDemoWheel(t);
  await expectLedgerConsistent(t.app.deps.db);
  await t?.close();
});
beforeEach(async () => {
  await useWheel(t, [{ code: 'C50', prizeKind: 'cash', amountMinor: 50_00n }]);
});

async function listCoupons(token: string): Promise<CouponAnswer[]> {
  const response = await t.api('GET', '/api/spinwheel/coupon', { token });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { coupons: CouponAnswer[] }).coupons;
}

/** A member with `coins` coins at once (the deposit-play guard off for the deposit). */
async function memberWithCoins(coins: number) {
  const m = await walletMember(t);
  await deposit(t, m.memberId, BigInt(coins) * 100_00n);
  return m;
}

describe(`wheel prize terms (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('a cash prize with a turnover says it in baht on the spin, in the list, and as fixed at the claim', async () => {
    await setGuards(t, { depositPlayMultiplier: 0, prizeTurnoverMultiplier: 2 });
    const m = await memberWithCoins(1);
    const spun = await spin(t, m.token);
    expect(spun.coupon).toMatchObject({ prizeKind: 'cash', amount: 50, turnover: 100 });
    expect((await listCoupons(m.token))[0]).toMatchObject({ turnover: 100 });

    // The claim fixes it; a later change of the setting changes neither the claimed prize nor what it said.
    const cashBefore = await cashOf(t, m.memberId);
    const claimed = await claim(t, m.token, spun.coupon?.coupon ?? '');
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect((claimed.json() as { coupon: CouponAnswer }).coupon).toMatchObject({
      status: 'claimed',
      turnover: 100,
    });
    expect(await cashOf(t, m.memberId)).toBe(cashBefore + 50_00n);
    await setGuards(t, { depositPlayMultiplier: 0, prizeTurnoverMultiplier: 3 });
    expect((await listCoupons(m.token))[0]).toMatchObject({ status: 'claimed', turnover: 100 });
  });

  it('with the turnover switched off a cash prize asks none; a bonus or nothing coupon never does', async () => {
    await setGuards(t, GUARDS_OFF);
    const m = await memberWithCoins(2);
    const cash = await spin(t, m.token);
    expect(cash.coupon).toMatchObject({ prizeKind: 'cash', turnover: 0 });
    const claimed = await claim(t, m.token, cash.coupon?.coupon ?? '');
    expect((claimed.json() as { coupon: CouponAnswer }).coupon).toMatchObject({ turnover: 0 });

    await setGuards(t, { depositPlayMultiplier: 0, prizeTurnoverMultiplier: 1 });
    await useWheel(t, [{ code: 'B', prizeKind: 'bonus', bonusCode: 'WHEELBONUS' }]);
    const bonus = await spin(t, m.token);
    expect(bonus.coupon).toMatchObject({ prizeKind: 'bonus', turnover: 0 });
  });
});
