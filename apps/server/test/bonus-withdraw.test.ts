import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activate, addBonus, depositedMember, get, statement, wallet } from './support/bonus.ts';
import { payoutsTo, sandboxPost, withdrawCall } from './support/bank.ts';
import { play } from './support/game-bets.ts';
import { expectLedgerConsistent, moneyCall } from './support/money.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * docs/decisions/0013-promotions.md#bonus: a withdrawal under an active bonus — refused until the release condition
 * is met (BONUS_CONDITION), then only of the whole total (BONUS_WITHDRAW_ALL), paid at most the withdraw cap with the
 * rest forfeited and the bonus completed, all with the withdrawal.
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
const withdrawAll = (m: Member, amount: number, key?: string) =>
  withdrawCall(t, m.token, amount, { path: '/api/wallet/withdrawAll', ...(key ? { key } : {}) });

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

/** Deposit 1000, a 50 % bonus of 500 (start 1500), released at 2 × 1500 = 3000, paid at most 1000. */
async function memberUnderBonus() {
  const code = await addBonus(t, {
    percent: 50,
    maxBonusMinor: 50_000n,
    multiplier: 2,
    withdrawCapMinor: 100_000n,
  });
  const m = await depositedMember(t, 100_000n);
  const username = await gameOf(m, 'PG');
  expect((await activate(t, code, m.token)).statusCode).toBe(200);
  return { m, username };
}

async function statusOf(m: Member) {
  const row = await t.app.deps.db.kysely
    .selectFrom('member_bonuses')
    .select(['status', 'forfeited'])
    .where('member_id', '=', m.memberId)
    .executeTakeFirstOrThrow();
  return { status: row.status, forfeited: Number(row.forfeited) };
}

describe('withdrawal under a bonus', () => {
  it('refuses until the condition is met, then only the whole total, then pays the cap and forfeits the rest', async () => {
    const { m, username } = await memberUnderBonus();
    for (const path of ['/api/wallet/withdraw', '/api/wallet/withdrawAll'] as const) {
      const r = await withdrawCall(t, m.token, 1000, { path });
      expect(r.statusCode).toBe(400);
      expect(message(r)).toBe('BONUS_CONDITION');
    }
    // The whole 1500 goes to the game (the bonus first) and wins 1500: total 3000 = the target.
    const moved = await moneyCall(t, '/api/wallet/transfer', m.token, {
      from: 'wallet',
      to: 'PG',
      amount: 1500,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await play(t, 'PG', username, [{ betMinor: 10_000, winMinor: 160_000 }]);
    expect((await get(t, '/api/wallet/refresh/slot', m.token)).statusCode).toBe(200);
    const active = (await get(t, '/api/bonus/check/active', m.token)).json() as {
      bonus: { progress: { isMet: boolean; current: number; target: number; percent: number } };
    };
    expect(active.bonus.progress).toMatchObject({
      isMet: true,
      current: 3000,
      target: 3000,
      percent: 100,
    });

    const part = await withdrawAll(m, 2000);
    expect(part.statusCode).toBe(400);
    expect(message(part)).toBe('BONUS_WITHDRAW_ALL');
    // withdraw (not All) cannot reach the game money.
    expect(message(await withdrawCall(t, m.token, 3000))).toBe('MONEY_NOT_ENOUGH');
    expect(await payoutsTo(t, m.bankAccountNo)).toEqual([]);

    const key = randomUUID();
    const paid = await withdrawAll(m, 3000, key);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(message(paid)).toBe('SUCCESS');
    expect((await payoutsTo(t, m.bankAccountNo)).map((p) => [p.amountMinor, p.status])).toEqual([
      [100_000, 'success'],
    ]);
    expect(await statusOf(m)).toEqual({ status: 'completed', forfeited: 200_000 });
    expect(await wallet(t, m.token)).toMatchObject({
      wallet: { amount: 0, bonusAmount: 0, hasReceivedBonus: false },
      overall: { total: 0 },
    });
    const rows = await statement(t, m.token);
    expect(rows.filter((r) => r.statementType === 'withdraw').map((r) => r.amount)).toEqual([1000]);
    expect(
      rows.filter((r) => r.statementType === 'finish_bonus').map((r) => [r.from, r.amount]),
    ).toEqual([['wallet', 2000]]);
    // The same request again answers the same withdrawal and pays nothing more.
    const again = await withdrawAll(m, 3000, key);
    expect(again.json()).toEqual(paid.json());
    expect(await payoutsTo(t, m.bankAccountNo)).toHaveLength(1);
    expect(message(await withdrawAll(m, 2999, key))).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('pays the whole total when it is under the cap, and the rest of the bonus account is forfeited', async () => {
    const code = await addBonus(t, {
      amountKind: 'fixed',
      percent: null,
      maxBonusMinor: 10_000n,
      multiplier: 1,
      withdrawCapMinor: 500_000n,
    });
    const m = await depositedMember(t, 50_000n);
    await activate(t, code, m.token);
    // Start 600 = target: met at once; the bonus account (100) was never played.
    const w = await wallet(t, m.token);
    expect(w.wallet).toMatchObject({ amount: 500, bonusAmount: 100, hasReceivedBonus: true });
    expect(message(await withdrawCall(t, m.token, 600))).toBe('BONUS_WITHDRAW_ALL');
    const paid = await withdrawCall(t, m.token, 500);
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await payoutsTo(t, m.bankAccountNo)).map((p) => p.amountMinor)).toEqual([50_000]);
    expect(await statusOf(m)).toEqual({ status: 'completed', forfeited: 10_000 });
    expect(
      (await statement(t, m.token))
        .filter((r) => r.statementType === 'finish_bonus')
        .map((r) => [r.from, r.amount]),
    ).toEqual([['bonus_wallet', 100]]);
  });

  it('a withdrawal refused by the bank after completing the bonus gives the payout back to cash', async () => {
    const code = await addBonus(t, {
      amountKind: 'fixed',
      percent: null,
      maxBonusMinor: 10_000n,
      multiplier: 1,
      withdrawCapMinor: 20_000n,
    });
    const m = await depositedMember(t, 50_000n);
    await activate(t, code, m.token);
    await sandboxPost(t, '/sandbox/bank/faults', { rejectAccountNos: [m.bankAccountNo] });
    try {
      const r = await withdrawCall(t, m.token, 500);
      expect(message(r)).toBe('TRANSFER_FAIL');
    } finally {
      await sandboxPost(t, '/sandbox/bank/faults/clear');
    }
    // Paid at most 200: the 300 above the cap and the bonus account are gone, the refused 200 is back.
    expect((await wallet(t, m.token)).wallet).toEqual({
      amount: 200,
      bonusAmount: 0,
      hasReceivedBonus: false,
    });
    expect(await statusOf(m)).toEqual({ status: 'completed', forfeited: 40_000 });
  });

  it('a bonus lost by play the background sync booked ends before the withdrawal is judged', async () => {
    const code = await addBonus(t, { percent: 50, maxBonusMinor: 50_000n, percentFail: 90 });
    const m = await depositedMember(t, 100_000n);
    const username = await gameOf(m, 'SLOTXO');
    await activate(t, code, m.token);
    const moved = await moneyCall(t, '/api/wallet/transfer', m.token, {
      from: 'wallet',
      to: 'SLOTXO',
      amount: 600,
    });
    expect(moved.statusCode).toBe(200);
    // Start 1500, lost below 1350: 900 cash + 600 game, then the game loses 500.
    await play(t, 'SLOTXO', username, [{ betMinor: 50_000, winMinor: 0 }]);
    t.clock.advance(60_000);
    expect((await t.app.moneyCore.games.syncAll()).synced).toBeGreaterThanOrEqual(1);
    // Lost like a cancel (issue 27): the 500 granted is forfeited from the 900 cash; 400 (and 100 in the game) stay.
    const refused = await withdrawCall(t, m.token, 900);
    expect(refused.json()).toEqual({ message: 'MONEY_NOT_ENOUGH' });
    expect(await statusOf(m)).toEqual({ status: 'lost', forfeited: 50_000 });
    const paid = await withdrawCall(t, m.token, 400);
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await payoutsTo(t, m.bankAccountNo)).map((p) => p.amountMinor)).toEqual([40_000]);
  });
});
