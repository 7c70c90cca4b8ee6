import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activate, addBonus, depositedMember, get, wallet } from './support/bonus.ts';
import { expectLedgerConsistent, moneyCall } from './support/money.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * docs/decisions/0013-promotions.md#bonus: races decided by the database (run with DATABASE_URL on PostgreSQL, where
 * the requests really run at once): one active bonus per member (partial unique index), the quota's conditional
 * update, and the ledger invariants after all of it.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const PARALLEL = 100;
const messageOf = (r: { json(): unknown }) => (r.json() as { message: string }).message;

function tally(messages: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const m of messages) counts[m] = (counts[m] ?? 0) + 1;
  return counts;
}

describe('bonus races', () => {
  it('100 parallel activations of one bonus by one member pay exactly once', async () => {
    const code = await addBonus(t, { maxReceived: 100, percent: 50, maxBonusMinor: 50_000n });
    const m = await depositedMember(t, 100_000n);
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, () => activate(t, code, m.token)),
    );
    expect(answers.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
    expect(tally(answers.map(messageOf))).toEqual({
      SUCCESS: 1,
      BONUS_ALREADY_ACTIVE: PARALLEL - 1,
    });
    expect((await wallet(t, m.token)).wallet).toEqual({
      amount: 1000,
      bonusAmount: 500,
      hasReceivedBonus: true,
    });
    const db = t.app.deps.db.kysely;
    const credits = await db
      .selectFrom('ledger_transfers')
      .select('id')
      .where('member_id', '=', m.memberId)
      .where('kind', '=', 'bonus')
      .execute();
    expect(credits).toHaveLength(1);
    const receipts = await db
      .selectFrom('bonus_receipts')
      .select('period')
      .where('member_id', '=', m.memberId)
      .execute();
    expect(receipts.map((r) => r.period)).toEqual(['all#1']);
    await expectLedgerConsistent(t.app.deps.db);
  });

  it('a quota of 5 across 20 members racing is taken exactly 5 times', async () => {
    const code = await addBonus(t, { quota: 5 });
    const members: Awaited<ReturnType<typeof depositedMember>>[] = [];
    // Registered one after another (the one-time code sender limits bursts); only the activations race.
    for (let i = 0; i < 20; i += 1) members.push(await depositedMember(t, 20_000n));
    const answers = await Promise.all(members.map((m) => activate(t, code, m.token)));
    expect(tally(answers.map(messageOf))).toEqual({ SUCCESS: 5, BONUS_FULL: 15 });
    const quota = await t.app.deps.db.kysely
      .selectFrom('bonus_quotas')
      .select(['used', 'quota'])
      .where('bonus_code', '=', code)
      .executeTakeFirstOrThrow();
    expect(quota).toEqual({ used: 5, quota: 5 });
    await expectLedgerConsistent(t.app.deps.db);
  });

  it('parallel game transfers and a clear under a bonus never spend the bonus twice', async () => {
    const code = await addBonus(t, { percent: 100, maxBonusMinor: 100_000n });
    const m = await depositedMember(t, 100_000n);
    expect((await get(t, '/api/wallet/activate/PG', m.token)).statusCode).toBe(200);
    await activate(t, code, m.token);
    const moves = await Promise.all(
      Array.from({ length: 30 }, () =>
        moneyCall(t, '/api/wallet/transfer', m.token, { from: 'wallet', to: 'PG', amount: 100 }),
      ),
    );
    // 2000 in all: 20 transfers of 100 fit; bonus money first, so the bonus account empties before the cash.
    const ok = moves.filter((r) => r.statusCode === 200).length;
    expect(ok).toBeGreaterThanOrEqual(1);
    const after = await wallet(t, m.token);
    expect(after.wallet.amount + after.wallet.bonusAmount + ok * 100).toBe(2000);
    if (ok <= 10) expect(after.wallet.amount).toBe(1000);
    const cleared = await get(t, '/api/bonus/clear', m.token);
    expect(cleared.json()).toEqual({
      message: 'BONUS_CLEAR',
      forfeited: ok * 100 + after.wallet.bonusAmount,
    });
    await expectLedgerConsistent(t.app.deps.db);
  });
});
