import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activate, addBonus, depositedMember, get } from './support/bonus.ts';
import { payoutsTo, withdrawCall } from './support/bank.ts';
import { play } from './support/game-bets.ts';
import { expectLedgerConsistent, moneyCall } from './support/money.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * docs/decisions/0013-promotions.md#bonus: the turnover release condition — the weighted valid bets since the bonus
 * started (the games module's bet records, weight per category in percent) ≥ multiplier × start amount.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await expectLedgerConsistent(t.app.deps.db);
  await t?.close();
});

type Member = Awaited<ReturnType<typeof depositedMember>>;
const message = (r: { json(): unknown }) => (r.json() as { message: string }).message;

async function gameOf(m: Member, provider: string): Promise<string> {
  expect((await get(t, `/api/wallet/activate/${provider}`, m.token)).statusCode).toBe(200);
  const row = await t.app.deps.db.kysely
    .selectFrom('member_game_accounts')
    .select('username')
    .where('member_id', '=', m.memberId)
    .where('provider', '=', provider)
    .executeTakeFirstOrThrow();
  return row.username;
}

async function move(m: Member, from: string, to: string, amount: number) {
  const r = await moneyCall(t, '/api/wallet/transfer', m.token, { from, to, amount });
  expect(r.statusCode, r.body).toBe(200);
}

/** The active bonus's progress after the member's refresh booked their bets. */
async function progress(m: Member) {
  expect((await get(t, '/api/wallet/refresh/slot', m.token)).statusCode).toBe(200);
  const body = (await get(t, '/api/bonus/check/active', m.token)).json() as {
    bonus: {
      progress: {
        conditionKind: string;
        current: number;
        target: number;
        percent: number;
        isMet: boolean;
      };
    };
  };
  return body.bonus.progress;
}

describe('turnover release condition', () => {
  it('counts the weighted bets placed since the start, per category weight, then releases', async () => {
    const code = await addBonus(t, {
      amountKind: 'fixed',
      percent: null,
      maxBonusMinor: 10_000n,
      conditionKind: 'turnover',
      multiplier: 1,
      categoryWeights: { slot: 100, casino: 20, sport: 50, lotto: 0 },
    });
    const m = await depositedMember(t, 100_000n);
    const games = {
      PG: await gameOf(m, 'PG'),
      SEXYGAME: await gameOf(m, 'SEXYGAME'),
      UFABET: await gameOf(m, 'UFABET'),
      HUAYHD: await gameOf(m, 'HUAYHD'),
    };
    // A slot bet before the bonus starts does not count.
    await move(m, 'wallet', 'PG', 100);
    await play(t, 'PG', games.PG, [{ betMinor: 10_000, winMinor: 10_000 }]);
    await move(m, 'PG', 'wallet', 100);
    t.clock.advance(60_000);
    expect((await activate(t, code, m.token)).statusCode).toBe(200);
    t.clock.advance(60_000);

    // Start 1100 (deposit 1000 + bonus 100): the target is 1 × 1100.
    await move(m, 'wallet', 'PG', 500);
    await move(m, 'wallet', 'SEXYGAME', 300);
    await move(m, 'wallet', 'UFABET', 200);
    await move(m, 'wallet', 'HUAYHD', 100);
    await play(t, 'PG', games.PG, [{ betMinor: 40_000, winMinor: 40_000 }]);
    await play(t, 'SEXYGAME', games.SEXYGAME, [{ betMinor: 30_000, winMinor: 30_000 }]);
    await play(t, 'UFABET', games.UFABET, [{ betMinor: 20_000, winMinor: 20_000 }]);
    await play(t, 'HUAYHD', games.HUAYHD, [{ betMinor: 10_000, winMinor: 10_000 }]);
    // 400 × 100 % + 300 × 20 % + 200 × 50 % + 100 × 0 % = 560
    expect(await progress(m)).toEqual({
      conditionKind: 'turnover',
      target: 1100,
      current: 560,
      percent: 50,
      isMet: false,
      startAmount: 1100,
      failBelow: 110,
      withdrawCap: null,
    });
    const refused = await withdrawCall(t, m.token, 1100, { path: '/api/wallet/withdrawAll' });
    expect(message(refused)).toBe('BONUS_CONDITION');

    await play(t, 'PG', games.PG, [
      { betMinor: 27_000, winMinor: 27_000 },
      { betMinor: 27_000, winMinor: 27_000 },
    ]);
    expect(await progress(m)).toMatchObject({ current: 1100, percent: 100, isMet: true });
    const paid = await withdrawCall(t, m.token, 1100, { path: '/api/wallet/withdrawAll' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await payoutsTo(t, m.bankAccountNo)).map((p) => p.amountMinor)).toEqual([110_000]);
    expect((await get(t, '/api/bonus/check/active', m.token)).json()).toMatchObject({
      status: false,
    });
  });
});
