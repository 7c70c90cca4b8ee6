import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getMemberBalances } from '@/modules/ledger/ledger.service.ts';
import { cashOf } from './support/bank.ts';
import { expectLedgerConsistent, walletMember } from './support/money.ts';
import { claim, deposit, expectCoinsMatchMoves, spin, useWheel } from './support/spinwheel.ts';
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

describe(`prize wheel races (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('100 parallel spins with 10 coins spin exactly 10 times; the rest are NO_COIN', async () => {
    const m = await walletMember(t);
    await useWheel(t, [
      { code: 'C5', prizeKind: 'cash', amountMinor: 5_00n, weight: 3 },
      { code: 'NONE', prizeKind: 'none', weight: 2 },
    ]);
    await deposit(t, m.memberId, 1_000_00n);
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        t.api('POST', '/api/spinwheel/spin', { token: m.token, body: { clientSeed: `race-${i}` } }),
      ),
    );
    const ok = responses.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(10);
    for (const r of responses.filter((x) => x.statusCode !== 200))
      expect(r.json()).toEqual({ message: 'NO_COIN' });
    // Each spin used its own nonce and its own committed seed.
    const nonces = ok.map((r) => (r.json() as { fairness: { nonce: number } }).fairness.nonce);
    expect(nonces.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const remaining = ok.map((r) => (r.json() as { remainingCoin: number }).remainingCoin);
    expect(remaining.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(await expectCoinsMatchMoves(t, m.memberId)).toBe(0);
    const coupons = await t.app.deps.db.kysely
      .selectFrom('coupons')
      .select('id')
      .where('member_id', '=', m.memberId)
      .execute();
    const cashWins = ok.filter(
      (r) => (r.json() as { result: { code: string } }).result.code === 'C5',
    );
    expect(coupons).toHaveLength(cashWins.length);
  });

  it('100 parallel claims of one coupon pay once; the ledger stays consistent', async () => {
    const m = await walletMember(t);
    await useWheel(t, [{ code: 'C100', prizeKind: 'cash', amountMinor: 100_00n }]);
    await deposit(t, m.memberId, 100_00n);
    const won = (await spin(t, m.token)).coupon?.coupon;
    if (!won) throw new Error('no coupon won');
    const responses = await Promise.all(Array.from({ length: 100 }, () => claim(t, m.token, won)));
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of responses.filter((x) => x.statusCode !== 200))
      expect(r.json()).toEqual({ message: 'NO_CLAIMABLE_COUPON' });
    expect(await cashOf(t, m.memberId)).toBe(200_00n);
    const prizes = await t.app.deps.db.kysely
      .selectFrom('ledger_transfers')
      .select('id')
      .where('member_id', '=', m.memberId)
      .where('kind', '=', 'prize')
      .execute();
    expect(prizes).toHaveLength(1);
    await expectLedgerConsistent(t.app.deps.db);
  });

  it('100 parallel claims of one bonus coupon start the bonus once', async () => {
    const m = await walletMember(t);
    await useWheel(t, [{ code: 'BONUS', prizeKind: 'bonus', bonusCode: 'WHEELBONUS' }]);
    await deposit(t, m.memberId, 100_00n);
    const won = (await spin(t, m.token)).coupon?.coupon;
    if (!won) throw new Error('no coupon won');
    const responses = await Promise.all(Array.from({ length: 100 }, () => claim(t, m.token, won)));
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of responses.filter((x) => x.statusCode !== 200))
      expect(r.json()).toEqual({ message: 'NO_CLAIMABLE_COUPON' });
    const db = t.app.deps.db.kysely;
    const bonuses = await db
      .selectFrom('member_bonuses')
      .select('id')
      .where('member_id', '=', m.memberId)
      .execute();
    expect(bonuses).toHaveLength(1);
    expect((await getMemberBalances(db, m.memberId)).bonus).toBe(50_00n);
    await expectLedgerConsistent(t.app.deps.db);
  });
});
