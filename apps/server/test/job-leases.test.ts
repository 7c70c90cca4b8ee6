import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BankGateway } from '@/adapters/bank/bank-gateway.ts';
import type { GameProvider } from '@/adapters/games/game-provider.ts';
import type { AppDeps } from '@/app-deps.ts';
import { createBankFeedService } from '@/modules/bank-feed/bank-feed.service.ts';
import { createGamesService } from '@/modules/games/games.service.ts';
import { createWithdrawalService } from '@/modules/withdrawal/withdrawal.service.ts';
import {
  cashOf,
  memberIdOf,
  payoutsTo,
  sandboxPost as bankControl,
  setWithdrawLimits,
  withdrawCall,
} from './support/bank.ts';
import { signedInMember } from './support/members.ts';
import {
  clearGameFaults,
  creditCash,
  expectLedgerConsistent,
  moneyCall,
  setGameFaults,
  walletMember,
} from './support/money.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * Issue 8 A7: jobs that call an outside party, run by two server processes at once (two service instances on one
 * database, as two processes would be), call the party once per item. Each instance's adapter is wrapped to count
 * calls and to answer slowly, so both runs have listed the same items before either acts.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PAYOUT_MAX_RESENDS: '2' });
  await setWithdrawLimits(t, { dailyCount: 1_000, dailyAmountMinor: 100_000_000_00 });
});
afterEach(async () => {
  await clearGameFaults(t);
  await bankControl(t, '/sandbox/bank/faults/clear');
});
afterAll(async () => {
  await t?.close();
});

const SLOW_MS = 150;

/** Every call's first argument, per method; each call waits a little first. */
function counted<T extends object>(target: T, calls: Map<string, string[]>): T {
  return new Proxy(target, {
    get(object, property, receiver) {
      const value: unknown = Reflect.get(object, property, receiver);
      if (typeof value !== 'function') return value;
      return async (...args: unknown[]) => {
        const name = String(property);
        const list = calls.get(name) ?? [];
        list.push(
          args
            .map((a) =>
              typeof a === 'object'
                ? JSON.stringify(a, (_, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))
                : String(a),
            )
            .join(' '),
        );
        calls.set(name, list);
        await sleep(SLOW_MS);
        return (value as (...a: unknown[]) => unknown).apply(object, args);
      };
    },
  });
}

/** Two "processes": the same database, each its own adapter wrapper, all counting into one record. */
function twoInstances<S>(
  build: (deps: AppDeps) => S,
  adapter: 'bank' | 'games',
): { instances: [S, S]; calls: Map<string, string[]> } {
  const calls = new Map<string, string[]>();
  const make = () => {
    const deps = { ...t.app.deps };
    if (adapter === 'bank') deps.bank = counted<BankGateway>(t.app.deps.bank, calls);
    else deps.games = counted<GameProvider>(t.app.deps.games, calls);
    return build(deps);
  };
  return { instances: [make(), make()], calls };
}

const duplicates = (list: string[] = []) => list.filter((v, i) => list.indexOf(v) !== i);

async function unknownPayouts(count: number) {
  const m = await signedInMember(t);
  const memberId = await memberIdOf(t, m.username);
  await creditCash(t.app.deps.db, memberId, 10_000_00n);
  // The bank never sees these payouts (a 5xx before it acts): each stays processing, its outcome unknown.
  await bankControl(t, '/sandbox/bank/faults', {
    nextOutcomes: Array.from({ length: count }, () => 'error-before'),
  });
  for (let i = 0; i < count; i += 1)
    expect((await withdrawCall(t, m.token, 100 + i)).statusCode).toBe(202);
  return { m, memberId };
}

describe('jobs that call out, run by two processes at once', () => {
  it('payout reconciliation: one status question and one re-send per withdrawal', async () => {
    const { m } = await unknownPayouts(3);
    t.clock.advance(60_000);
    const { instances, calls } = twoInstances(createWithdrawalService, 'bank');
    const [a, b] = await Promise.all(instances.map((s) => s.reconcilePayouts()));
    expect((a?.checked ?? 0) + (b?.checked ?? 0)).toBe(3);
    expect(calls.get('payoutStatus')).toHaveLength(3);
    expect(duplicates(calls.get('payoutStatus'))).toEqual([]);
    expect(calls.get('payout')).toHaveLength(3);
    expect(duplicates(calls.get('payout')?.map((p) => JSON.parse(p).reference as string))).toEqual(
      [],
    );
    expect(await payoutsTo(t, m.bankAccountNo)).toHaveLength(3);
    const rows = await t.app.deps.db.kysely
      .selectFrom('withdrawals')
      .select(['status', 'payout_attempts'])
      .where('account_no', '=', m.bankAccountNo)
      .execute();
    expect(rows).toEqual(
      Array.from({ length: 3 }, () => ({ status: 'succeeded', payout_attempts: 2 })),
    );
    await expectLedgerConsistent(t.app.deps.db);
  });

  it('a payout the bank never sees is re-sent PAYOUT_MAX_RESENDS times, then waits for an operator', async () => {
    const { m, memberId } = await unknownPayouts(1);
    const { withdrawals } = t.app.moneyOut;
    // Both re-sends fail before the bank acts, too.
    await bankControl(t, '/sandbox/bank/faults', {
      nextOutcomes: ['error-before', 'error-before'],
    });
    const summaries = [];
    for (let run = 0; run < 4; run += 1) {
      t.clock.advance(60_000);
      summaries.push(await withdrawals.reconcilePayouts());
    }
    expect(summaries.map((s) => [s.resent, s.held])).toEqual([
      [1, 0],
      [1, 0],
      [0, 1],
      [0, 0],
    ]);
    const [held] = await withdrawals.listAwaitingApproval();
    expect(held).toMatchObject({ status: 'pending_approval', payoutAttempts: 3, memberId });
    // Still reserved: nothing paid, nothing given back.
    expect(await cashOf(t, memberId)).toBe(10_000_00n - 100_00n);
    expect(await payoutsTo(t, m.bankAccountNo)).toEqual([]);

    // The operator approves: one more send, which the bank now pays.
    const approved = await withdrawals.approveWithdrawal(held?.id ?? '', 'operator-1');
    expect(approved.status).toBe('succeeded');
    expect(await payoutsTo(t, m.bankAccountNo)).toHaveLength(1);
    await expectLedgerConsistent(t.app.deps.db);
  });

  it('game reconciliation: one status question per pending transfer', async () => {
    const m = await walletMember(t);
    await creditCash(t.app.deps.db, m.memberId, 1_000_00n);
    for (const code of ['PG', 'JOKER'])
      expect(
        (await t.api('GET', `/api/wallet/activate/${code}`, { token: m.token })).statusCode,
      ).toBe(200);
    await setGameFaults(t, { provider: 'PG', nextOutcomes: ['error-after', 'error-after'] });
    await setGameFaults(t, { provider: 'JOKER', nextOutcomes: ['error-after'] });
    for (const to of ['PG', 'PG', 'JOKER'])
      expect(
        (await moneyCall(t, '/api/wallet/transfer', m.token, { from: 'wallet', to, amount: 10 }))
          .statusCode,
      ).toBe(202);
    t.clock.advance(60_000);
    const { instances, calls } = twoInstances(createGamesService, 'games');
    const [a, b] = await Promise.all(instances.map((s) => s.reconcilePending()));
    expect((a?.posted ?? 0) + (b?.posted ?? 0)).toBe(3);
    expect(calls.get('transferStatus')).toHaveLength(3);
    expect(duplicates(calls.get('transferStatus'))).toEqual([]);
    await expectLedgerConsistent(t.app.deps.db);
  });

  it('game balance sync: one balance read per game account', async () => {
    const m = await walletMember(t);
    for (const code of ['PG', 'JOKER'])
      expect(
        (await t.api('GET', `/api/wallet/activate/${code}`, { token: m.token })).statusCode,
      ).toBe(200);
    const { instances, calls } = twoInstances(createGamesService, 'games');
    await Promise.all(instances.map((s) => s.syncAll()));
    const reads = calls.get('getBalance') ?? [];
    expect(reads.length).toBeGreaterThanOrEqual(2);
    expect(duplicates(reads)).toEqual([]);
  });

  it('bank feed: one read of each page', async () => {
    const m = await signedInMember(t);
    await bankControl(t, '/sandbox/bank/credit-member', {
      bankCode: m.bankCode,
      accountNo: m.bankAccountNo,
      amountMinor: 40_00,
    });
    const { instances, calls } = twoInstances(createBankFeedService, 'bank');
    const [a, b] = await Promise.all(instances.map((s) => s.runBankFeedOnce()));
    expect((a?.credited ?? 0) + (b?.credited ?? 0)).toBe(1);
    expect(duplicates(calls.get('incoming'))).toEqual([]);
    expect(await cashOf(t, await memberIdOf(t, m.username))).toBe(40_00n);
  });
});
