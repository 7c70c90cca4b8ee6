import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activate, addBonus, depositedMember, get, wallet } from './support/bonus.ts';
import { withdrawCall } from './support/bank.ts';
import { expectLedgerConsistent, moneyCall } from './support/money.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * docs/decisions/0013-promotions.md#bonus (Cancel): a cancel never leaves the member with the bonus money, wherever
 * it now is (a round trip through a game turns it into cash), and of parallel cancels exactly one ends the bonus,
 * with the forfeit a single cancel takes.
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
const messageOf = (r: { json(): unknown }) => (r.json() as { message: string }).message;

async function transfer(m: Member, from: string, to: string, amount: number) {
  const r = await moneyCall(t, '/api/wallet/transfer', m.token, { from, to, amount });
  expect(r.statusCode, r.body).toBe(200);
}

/** Everything the member holds: cash + bonus account + games, posted, in minor units. */
async function heldMinor(m: Member): Promise<bigint> {
  const accounts = await t.app.deps.db.kysely
    .selectFrom('ledger_accounts')
    .select('balance')
    .where('member_id', '=', m.memberId)
    .execute();
  return accounts.reduce((sum, a) => sum + BigInt(a.balance), 0n);
}

async function bonusRowOf(m: Member) {
  const row = await t.app.deps.db.kysely
    .selectFrom('member_bonuses')
    .select(['status', 'forfeited'])
    .where('member_id', '=', m.memberId)
    .executeTakeFirstOrThrow();
  return { status: row.status, forfeitedMinor: BigInt(row.forfeited) };
}

/** A fixed bonus of 1000 with no deposit needed: cash 0, bonus account 1000. */
async function memberWithBonusOnly() {
  const code = await addBonus(t, {
    amountKind: 'fixed',
    percent: null,
    maxBonusMinor: 100_000n,
    minDepositMinor: 0n,
    percentFail: 0,
  });
  const m = await depositedMember(t);
  expect((await get(t, '/api/wallet/activate/PG', m.token)).statusCode).toBe(200);
  const started = await activate(t, code, m.token);
  expect(started.statusCode, started.body).toBe(200);
  return m;
}

describe('bonus cancel', () => {
  it('after a round trip through a game, the cancel forfeits the bonus granted from cash', async () => {
    const m = await memberWithBonusOnly();
    await transfer(m, 'wallet', 'PG', 1000);
    await transfer(m, 'PG', 'wallet', 1000);
    expect((await wallet(t, m.token)).wallet).toMatchObject({ amount: 1000, bonusAmount: 0 });
    const before = await heldMinor(m);
    const cleared = await get(t, '/api/bonus/clear', m.token);
    expect(cleared.json()).toEqual({ message: 'BONUS_CLEAR', forfeited: 1000 });
    expect(await heldMinor(m)).toBe(before - 100_000n);
    expect(await bonusRowOf(m)).toEqual({ status: 'cancelled', forfeitedMinor: 100_000n });
    const withdrawn = await withdrawCall(t, m.token, 1000);
    expect(withdrawn.statusCode).not.toBe(200);
    expect((await wallet(t, m.token)).wallet).toMatchObject({ amount: 0, bonusAmount: 0 });
    await expectLedgerConsistent(t.app.deps.db);
  });

  it('20 parallel cancels with everything in a game: one ends the bonus and forfeits what one cancel takes', async () => {
    const code = await addBonus(t, { percent: 100, maxBonusMinor: 100_000n });
    const m = await depositedMember(t, 100_000n);
    expect((await get(t, '/api/wallet/activate/PG', m.token)).statusCode).toBe(200);
    expect((await activate(t, code, m.token)).statusCode).toBe(200);
    const all = await moneyCall(t, '/api/wallet/transferAll', m.token, { to: 'PG' });
    expect(all.statusCode, all.body).toBe(200);
    expect((await wallet(t, m.token)).wallet).toMatchObject({ amount: 0, bonusAmount: 0 });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => get(t, '/api/bonus/clear', m.token)),
    );
    const cleared = answers.filter((r) => messageOf(r) === 'BONUS_CLEAR');
    expect(cleared.map((r) => r.json())).toEqual([{ message: 'BONUS_CLEAR', forfeited: 2000 }]);
    expect(await bonusRowOf(m)).toEqual({ status: 'cancelled', forfeitedMinor: 200_000n });
    expect(await heldMinor(m)).toBe(0n);
    const forfeits = await t.app.deps.db.kysely
      .selectFrom('ledger_transfers')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('amount'), eb.val('0')).as('sum'))
      .where('member_id', '=', m.memberId)
      .where('kind', '=', 'finish_bonus')
      .executeTakeFirstOrThrow();
    expect(BigInt(forfeits.sum)).toBe(200_000n);
    await expectLedgerConsistent(t.app.deps.db);
  });
});
