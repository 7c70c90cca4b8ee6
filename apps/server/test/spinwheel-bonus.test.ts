import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasActiveBonus } from '@/modules/bonus/bonus.service.ts';
import { getMemberBalances } from '@/modules/ledger/ledger.service.ts';
import { expectLedgerConsistent, walletMember } from './support/money.ts';
import { claim, deposit, spin, useWheel, type CouponAnswer } from './support/spinwheel.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { GUARDS_OFF, setGuards } from './support/promotion-play.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // Coins, commission and prizes as mechanics, the play guards off (they are tested in promotions-farming.test.ts).
  await setGuards(t, GUARDS_OFF);
});
afterAll(async () => {
  await t?.close();
});

async function couponStatus(token: string, code: string) {
  const response = await t.api('GET', '/api/spinwheel/coupon', { token });
  const coupons = (response.json() as { coupons: CouponAnswer[] }).coupons;
  return coupons.find((c) => c.coupon === code)?.status;
}

describe(`bonus coupons (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('a bonus coupon starts the slice’s bonus; another while it is active is BONUS_ALREADY_ACTIVE and stays claimable', async () => {
    const m = await walletMember(t);
    await useWheel(t, [{ code: 'BONUS', prizeKind: 'bonus', bonusCode: 'WHEELBONUS' }]);
    await deposit(t, m.memberId, 200_00n);
    const first = (await spin(t, m.token)).coupon;
    const second = (await spin(t, m.token)).coupon;
    expect(first).toMatchObject({ prizeKind: 'bonus', status: 'claimable' });
    if (!first || !second) throw new Error('no coupon won');

    const claimed = await claim(t, m.token, first.coupon);
    expect(claimed.statusCode, claimed.body).toBe(200);
    const body = claimed.json() as { coupon: CouponAnswer; transferId: string };
    expect(body.coupon.status).toBe('claimed');
    const db = t.app.deps.db.kysely;
    expect(await hasActiveBonus(db, m.memberId)).toBe(true);
    // WHEELBONUS (demo): a fixed 50 baht credit to the bonus wallet.
    const balances = await getMemberBalances(db, m.memberId);
    expect(balances.bonus).toBe(50_00n);
    expect(balances.cash).toBe(200_00n);
    const credit = await db
      .selectFrom('ledger_transfers')
      .selectAll()
      .where('id', '=', body.transferId)
      .executeTakeFirstOrThrow();
    expect(credit).toMatchObject({ kind: 'bonus', member_id: m.memberId, status: 'posted' });

    const refused = await claim(t, m.token, second.coupon);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: 'BONUS_ALREADY_ACTIVE' });
    expect(await couponStatus(m.token, second.coupon)).toBe('claimable');
    expect((await getMemberBalances(db, m.memberId)).bonus).toBe(50_00n);
    await expectLedgerConsistent(t.app.deps.db);
  });

  it('a bonus coupon whose bonus no longer exists is INVALID_PRIZE_CODE and stays claimable', async () => {
    const m = await walletMember(t);
    await useWheel(t, [{ code: 'GONE', prizeKind: 'bonus', bonusCode: 'NO-SUCH-BONUS' }]);
    await deposit(t, m.memberId, 100_00n);
    const won = (await spin(t, m.token)).coupon?.coupon ?? '';
    const response = await claim(t, m.token, won);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'INVALID_PRIZE_CODE' });
    expect(await couponStatus(m.token, won)).toBe('claimable');
    expect(await hasActiveBonus(t.app.deps.db.kysely, m.memberId)).toBe(false);
  });
});
