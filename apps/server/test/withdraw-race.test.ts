import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getHouseBalance } from '@/modules/ledger/ledger-audit.ts';
import { getMemberBalances } from '@/modules/ledger/ledger.service.ts';
import {
  depositViaBank,
  memberIdOf,
  payoutsTo,
  sandboxGet,
  setWithdrawLimits,
} from './support/bank.ts';
import { signedInMember } from './support/members.ts';
import { expectLedgerConsistent } from './support/money.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await setWithdrawLimits(t, { dailyCount: 1_000, dailyAmountMinor: 100_000_000_00 });
});
afterAll(async () => {
  await t?.close();
});

describe(`withdrawals and transfers racing on one member (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('200 parallel requests: no overdraft, no money lost or doubled', async () => {
    const m = await signedInMember(t);
    const memberId = await memberIdOf(t, m.username);
    await depositViaBank(t, m, 15_000_00);
    expect((await t.api('GET', '/api/wallet/activate/PG', { token: m.token })).statusCode).toBe(
      200,
    );
    const { username } = (
      await t.api('GET', '/api/wallet/account/PG', { token: m.token })
    ).json() as { username: string };
    const seed = await t.api('POST', '/api/wallet/transfer', {
      token: m.token,
      body: { from: 'wallet', to: 'PG', amount: 5_000 },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(seed.statusCode).toBe(200);
    // Now: cash 10,000, PG 5,000. Ask for 80 × 100 out to the bank, 80 × 100 into PG and 40 × 100 back.
    const calls = [
      ...Array.from({ length: 80 }, () => ({ kind: 'withdraw' as const })),
      ...Array.from({ length: 80 }, () => ({ kind: 'in' as const })),
      ...Array.from({ length: 40 }, () => ({ kind: 'out' as const })),
    ].sort(() => Math.random() - 0.5);
    const headers = () => ({ 'idempotency-key': randomUUID() });
    const responses = await Promise.all(
      calls.map(async (call) => {
        const response =
          call.kind === 'withdraw'
            ? await t.api('POST', '/api/wallet/withdraw', {
                token: m.token,
                body: { amount: 100 },
                headers: headers(),
              })
            : await t.api('POST', '/api/wallet/transfer', {
                token: m.token,
                body:
                  call.kind === 'in'
                    ? { from: 'wallet', to: 'PG', amount: 100 }
                    : { from: 'PG', to: 'wallet', amount: 100 },
                headers: headers(),
              });
        return {
          kind: call.kind,
          status: response.statusCode,
          body: response.json() as { message: string },
        };
      }),
    );

    // Accepted, refused for lack of funds, or (a slow provider under this load) left pending: never anything else.
    for (const r of responses)
      expect(
        r.status === 200 ||
          r.status === 202 ||
          (r.status === 400 && r.body.message === 'MONEY_NOT_ENOUGH'),
        JSON.stringify(r),
      ).toBe(true);
    expect(responses.some((r) => r.status === 400)).toBe(true);

    // Settle whatever was left pending: let late provider calls land, then reconcile by reference.
    if (responses.some((r) => r.status === 202)) {
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      t.clock.advance(60 * 60 * 1000);
      await t.app.jobs.runNow('game-transfer-reconciliation');
      await t.app.jobs.runNow('payout-reconciliation');
    }
    const pending = await t.app.deps.db.kysely
      .selectFrom('ledger_transfers')
      .select('id')
      .where('member_id', '=', memberId)
      .where('status', '=', 'pending')
      .execute();
    expect(pending).toEqual([]);

    const balances = await getMemberBalances(t.app.deps.db.kysely, memberId);
    const pg = balances.games.PG ?? 0n;
    const paid = await payoutsTo(t, m.bankAccountNo);
    const paidMinor = paid
      .filter((p) => p.status === 'success')
      .reduce((sum, p) => sum + BigInt(p.amountMinor), 0n);
    // Every baht is in the wallet, in the game, or paid out to the member's bank: none lost, none doubled.
    expect(balances.cash + pg + paidMinor).toBe(15_000_00n);
    expect(balances.cash >= 0n && pg >= 0n).toBe(true);
    // Each 200 moved exactly its 100.
    const ok = (kind: string) =>
      responses.filter((r) => r.kind === kind && r.status === 200).length;
    expect(paid.filter((p) => p.status === 'success').length).toBeGreaterThanOrEqual(
      ok('withdraw'),
    );
    expect(paid.every((p) => p.amountMinor === 100_00)).toBe(true);
    expect(paidMinor).toBeGreaterThan(0n);

    // The outside parties agree with the ledger.
    expect(await getHouseBalance(t.app.deps.db.kysely, { house: 'bank_out' }, 'THB')).toBe(
      paidMinor,
    );
    const accounts = await sandboxGet<{ username: string; balanceMinor: number }[]>(
      t,
      '/sandbox/games/accounts?provider=PG',
    );
    expect(BigInt(accounts.find((a) => a.username === username)?.balanceMinor ?? -1)).toBe(pg);
    await expectLedgerConsistent(t.app.deps.db);
    // PGlite runs the 200 requests' transactions one at a time: give it room on a busy machine.
  }, 240_000);
});
