import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cashOf } from './support/bank.ts';
import { expectLedgerConsistent, walletMember } from './support/money.ts';
import { GUARDS_OFF, setGuards } from './support/promotion-play.ts';
import { deposit, expectCoinsMatchMoves, useWheel } from './support/spinwheel.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

// docs/decisions/0024-unknown-money-outcomes.md: the wheel's money calls answer a replay with the first answer.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await setGuards(t, GUARDS_OFF);
});
afterAll(async () => {
  await t?.close();
});

const keyed = (key: string) => ({ 'idempotency-key': key });

describe(`replayed prize wheel calls (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('a replayed spin gets the first spin and spends one coin; a replayed claim gets the first claim and pays once', async () => {
    const m = await walletMember(t);
    await useWheel(t, [{ code: 'C100', prizeKind: 'cash', amountMinor: 100_00n }]);
    await deposit(t, m.memberId, 200_00n);
    const cashBefore = await cashOf(t, m.memberId);

    const spinKey = randomUUID();
    const spin = () => t.api('POST', '/api/spinwheel/spin', { token: m.token, headers: keyed(spinKey), body: { clientSeed: 'replay-seed' } });
    const first = await spin();
    expect(first.statusCode, first.body).toBe(200);
    const replay = await spin();
    expect(replay.statusCode).toBe(200);
    expect(replay.body).toBe(first.body);
    const won = (first.json() as { remainingCoin: number; coupon: { coupon: string } | null });
    expect(won.remainingCoin).toBe(1);
    expect(await expectCoinsMatchMoves(t, m.memberId)).toBe(1);

    const claimKey = randomUUID();
    const claim = () =>
      t.api('POST', '/api/spinwheel/coupon/claim', { token: m.token, headers: keyed(claimKey), body: { coupon: won.coupon!.coupon } });
    const claimed = await claim();
    expect(claimed.json()).toMatchObject({ success: true });
    const claimReplay = await claim();
    expect(claimReplay.body).toBe(claimed.body);
    expect(await cashOf(t, m.memberId)).toBe(cashBefore + 100_00n);
    await expectLedgerConsistent(t.app.deps.db);
  });
});
