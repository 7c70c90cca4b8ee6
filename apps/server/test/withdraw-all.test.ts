import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { withdrawResponseSchema } from '@mekong/contracts/wallet';
import { getMemberBalances } from '@/modules/ledger/ledger.service.ts';
import {
  depositViaBank,
  memberIdOf,
  payoutsTo,
  sandboxGet,
  sandboxPost,
  setWithdrawLimits,
  statementOf,
  withdrawCall,
} from './support/bank.ts';
import { signedInMember } from './support/members.ts';
import { expectLedgerConsistent } from './support/money.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await sandboxPost(t, '/sandbox/bank/faults/clear');
  await sandboxPost(t, '/sandbox/games/faults/clear');
  await setWithdrawLimits(t, {});
});

const withdrawAll = (token: string, amount: unknown, key?: string | null) =>
  withdrawCall(t, token, amount, { path: '/api/wallet/withdrawAll', key });

/** A member with `cashMinor` deposited and then moved into games (major amounts per provider). */
async function memberWithGames(cashMinor: number, games: Record<string, number>) {
  const m = await signedInMember(t);
  const memberId = await memberIdOf(t, m.username);
  await depositViaBank(t, m, cashMinor);
  const usernames: Record<string, string> = {};
  for (const [provider, amount] of Object.entries(games)) {
    const activated = await t.api('GET', `/api/wallet/activate/${provider}`, { token: m.token });
    expect(activated.statusCode, activated.body).toBe(200);
    const account = await t.api('GET', `/api/wallet/account/${provider}`, { token: m.token });
    usernames[provider] = (account.json() as { username: string }).username;
    const moved = await t.api('POST', '/api/wallet/transfer', {
      token: m.token,
      body: { from: 'wallet', to: provider, amount },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(moved.statusCode, moved.body).toBe(200);
  }
  t.clock.advance(1_000);
  return { ...m, memberId, usernames };
}

async function providerBalance(provider: string, username: string): Promise<number> {
  const accounts = await sandboxGet<{ username: string; balanceMinor: number }[]>(
    t,
    `/sandbox/games/accounts?provider=${provider}`,
  );
  return accounts.find((a) => a.username === username)?.balanceMinor ?? -1;
}

describe('POST /api/wallet/withdrawAll (D7)', () => {
  it('brings every game balance back to the wallet, then withdraws the amount', async () => {
    const m = await memberWithGames(5_000_00, { PG: 1_000, JOKER: 500.5 });
    const response = await withdrawAll(m.token, 4_000);
    expect(response.statusCode, response.body).toBe(200);
    const body = withdrawResponseSchema.parse(response.json());
    expect(body).toMatchObject({ message: 'SUCCESS', status: 'SUCCESS' });

    const balances = await getMemberBalances(t.app.deps.db.kysely, m.memberId);
    expect(balances.cash).toBe(1_000_00n);
    expect(balances.games).toEqual({ PG: 0n, JOKER: 0n });
    expect(await providerBalance('PG', m.usernames.PG!)).toBe(0);
    expect(await providerBalance('JOKER', m.usernames.JOKER!)).toBe(0);
    expect(await payoutsTo(t, m.bankAccountNo)).toEqual([
      expect.objectContaining({ amountMinor: 4_000_00, status: 'success' }),
    ]);

    // The game legs and the withdrawal are one member action: one group, each its own statement row.
    const rows = await t.app.deps.db.kysely
      .selectFrom('ledger_transfers')
      .select(['kind', 'group_id'])
      .where('member_id', '=', m.memberId)
      .where('kind', 'in', ['game_out', 'withdraw'])
      .execute();
    expect(rows).toHaveLength(3);
    expect(new Set(rows.map((r) => r.group_id)).size).toBe(1);
    expect(rows[0]?.group_id).not.toBeNull();
    const { statements } = await statementOf(t, m.token);
    expect(statements.slice(0, 3)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ statementType: 'withdraw', amount: 4_000, status: 'SUCCESS' }),
        expect.objectContaining({
          statementType: 'transfer',
          from: 'PG',
          to: 'wallet',
          amount: 1_000,
        }),
        expect.objectContaining({
          statementType: 'transfer',
          from: 'JOKER',
          to: 'wallet',
          amount: 500.5,
        }),
      ]),
    );
    await expectLedgerConsistent(t.app.deps.db);
  });

  it('refuses before moving any game money: rules, more than the total, missing key', async () => {
    const m = await memberWithGames(2_000_00, { PG: 1_500 });
    const cases: [unknown, string | null, number, string][] = [
      [50, randomUUID(), 400, 'WITHDRAW_MINIMUM'],
      [60_000, randomUUID(), 400, 'WITHDRAW_MAXIMUM'],
      [2_000.01, randomUUID(), 400, 'MONEY_NOT_ENOUGH'],
      [1_000, null, 400, 'KEY_MISSING'],
      [1_000, 'nope', 400, 'KEY_INVALID'],
      ['1000', randomUUID(), 400, 'INVALID_AMOUNT'],
    ];
    for (const [amount, key, status, code] of cases) {
      const response = await withdrawAll(m.token, amount, key);
      expect(response.statusCode, String(amount)).toBe(status);
      expect(response.json()).toEqual({ message: code });
    }
    const balances = await getMemberBalances(t.app.deps.db.kysely, m.memberId);
    expect(balances).toMatchObject({ cash: 500_00n, games: { PG: 1_500_00n } });
    expect(await providerBalance('PG', m.usernames.PG!)).toBe(1_500_00);
  });

  it('answers a repeated key with the first result, moving nothing again', async () => {
    const m = await memberWithGames(3_000_00, { PG: 2_000 });
    const key = randomUUID();
    const first = await withdrawAll(m.token, 2_500, key);
    expect(first.statusCode).toBe(200);
    const again = await withdrawAll(m.token, 2_500, key);
    expect(again.json()).toEqual(first.json());
    expect((await withdrawAll(m.token, 100, key)).json()).toEqual({
      message: 'IDEMPOTENCY_KEY_REUSED',
    });
    expect((await getMemberBalances(t.app.deps.db.kysely, m.memberId)).cash).toBe(500_00n);
    expect(await payoutsTo(t, m.bankAccountNo)).toHaveLength(1);
  });

  it('20 requests with one key while the first is still gathering game money: all answer its result, one payout', async () => {
    const m = await memberWithGames(3_000_00, { PG: 2_000, JOKER: 500 });
    // The games answer slowly, so the repeats arrive while the first request is still emptying them.
    await sandboxPost(t, '/sandbox/games/faults', {
      provider: 'PG',
      failureRate: 0,
      latencyMs: 400,
    });
    await sandboxPost(t, '/sandbox/games/faults', {
      provider: 'JOKER',
      failureRate: 0,
      latencyMs: 400,
    });
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => withdrawAll(m.token, 2_800, key)),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const bodies = answers.map((a) => withdrawResponseSchema.parse(a.json()));
    expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1);
    expect(bodies[0]).toMatchObject({ message: 'SUCCESS', status: 'SUCCESS' });
    expect(await payoutsTo(t, m.bankAccountNo)).toEqual([
      expect.objectContaining({ amountMinor: 2_800_00, status: 'success' }),
    ]);
    const balances = await getMemberBalances(t.app.deps.db.kysely, m.memberId);
    expect(balances).toMatchObject({ cash: 200_00n, games: { PG: 0n, JOKER: 0n } });
    const withdrawals = await t.app.deps.db.kysely
      .selectFrom('withdrawals')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('member_id', '=', m.memberId)
      .executeTakeFirstOrThrow();
    expect(Number(withdrawals.n)).toBe(1);
    await expectLedgerConsistent(t.app.deps.db);
  });

  it('says TRANSFER_FAIL and withdraws nothing when a game could not be emptied and the wallet falls short', async () => {
    const m = await memberWithGames(1_000_00, { PG: 800 });
    await sandboxPost(t, '/sandbox/games/faults', { provider: 'PG', nextOutcomes: ['fail'] });
    const response = await withdrawAll(m.token, 900);
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ message: 'TRANSFER_FAIL' });
    const balances = await getMemberBalances(t.app.deps.db.kysely, m.memberId);
    expect(balances).toMatchObject({ cash: 200_00n, games: { PG: 800_00n } });
    expect(await payoutsTo(t, m.bankAccountNo)).toEqual([]);

    // The wallet alone covers a smaller amount: that still goes through.
    await sandboxPost(t, '/sandbox/games/faults', { provider: 'PG', nextOutcomes: ['fail'] });
    expect((await withdrawAll(m.token, 150)).statusCode).toBe(200);
    await expectLedgerConsistent(t.app.deps.db);
  });

  it('works for a member without games, like withdraw', async () => {
    const m = await memberWithGames(700_00, {});
    const response = await withdrawAll(m.token, 700);
    expect(response.statusCode).toBe(200);
    expect((await getMemberBalances(t.app.deps.db.kysely, m.memberId)).cash).toBe(0n);
  });
});
