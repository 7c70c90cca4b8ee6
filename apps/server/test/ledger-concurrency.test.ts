import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@/db/database.ts';
import { AppError } from '@/lib/app-error.ts';
import { createTransfer, getMemberBalances } from '@/modules/ledger/ledger.service.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import {
  creditCash,
  expectLedgerConsistent,
  moneyCall,
  sandboxBalance,
  walletMember,
} from './support/money.ts';

/**
 * Races on one member: on PostgreSQL (DATABASE_URL) these run truly in parallel over a pool of connections; on PGlite
 * they queue. Either way no overdraft, no lost or doubled money.
 */

let t: TestApp;
let db: Db;
beforeAll(async () => {
  t = await createTestApp({ DATABASE_POOL_MAX: '20', GAME_TIMEOUT_MS: '10000' });
  db = t.app.deps.db;
});
afterAll(async () => {
  await t?.close();
});

// PGlite runs them one at a time, so fewer prove the same there; PostgreSQL gets the full 200.
const PARALLEL = process.env.DATABASE_URL ? 200 : 60;

type Race = {
  kind: 'in' | 'out' | 'withdraw';
  amountMinor: bigint;
  ok: boolean;
  transferId?: string;
};

describe('parallel money movements on one member', () => {
  it(`${PARALLEL} parallel transfers and withdrawals: no overdraft, every satang accounted for`, async () => {
    const m = await walletMember(t);
    const username = await (async () => {
      const activated = await t.api('GET', '/api/wallet/activate/PG', { token: m.token });
      expect(activated.statusCode, activated.body).toBe(200);
      const account = await t.api('GET', '/api/wallet/account/PG', { token: m.token });
      return (account.json() as { username: string }).username;
    })();
    // About a fifth of what the racers ask for, so many must be refused.
    const START = BigInt(PARALLEL) * 100n;
    await creditCash(db, m.memberId, START);

    // Amounts from 1.00 to 9.00: far more is asked than the member has, so many must be refused.
    const amounts = Array.from({ length: PARALLEL }, (_, i) => BigInt(100 + (i % 9) * 100));
    const results = await Promise.all(
      amounts.map(async (amountMinor, i): Promise<Race> => {
        const kind = i % 4;
        if (kind === 3) {
          // A withdrawal straight on the ledger (cash → bank out), racing the HTTP transfers.
          try {
            await db.withTransaction((trx) =>
              createTransfer(trx, {
                memberId: m.memberId,
                debit: { memberId: m.memberId, kind: 'cash' },
                credit: { house: 'bank_out' },
                amountMinor,
                currency: 'THB',
                kind: 'withdraw',
                status: 'posted',
                idempotencyKey: randomUUID(),
              }),
            );
            return { kind: 'withdraw' as const, amountMinor, ok: true };
          } catch (error) {
            if (error instanceof AppError && error.code === 'MONEY_NOT_ENOUGH')
              return { kind: 'withdraw' as const, amountMinor, ok: false };
            throw error;
          }
        }
        const isIn = kind !== 2;
        const response = await moneyCall(t, '/api/wallet/transfer', m.token, {
          from: isIn ? 'wallet' : 'PG',
          to: isIn ? 'PG' : 'wallet',
          amount: Number(amountMinor) / 100,
        });
        if (response.statusCode === 400) {
          expect(response.json()).toEqual({ message: 'MONEY_NOT_ENOUGH' });
          return { kind: isIn ? ('in' as const) : ('out' as const), amountMinor, ok: false };
        }
        // 202: the provider's answer came too late (a loaded machine); reconciliation settles it below.
        expect([200, 202], response.body).toContain(response.statusCode);
        const { transferId } = response.json() as { transferId: string };
        return {
          kind: isIn ? ('in' as const) : ('out' as const),
          amountMinor,
          ok: true,
          transferId,
        };
      }),
    );
    t.clock.advance(t.config.GAME_NOT_FOUND_VOID_AFTER_MS + 1);
    await t.app.moneyCore.games.reconcilePending();
    const voided = new Set(
      (
        await db.kysely
          .selectFrom('ledger_transfers')
          .select('id')
          .where('member_id', '=', m.memberId)
          .where('status', '!=', 'posted')
          .execute()
      ).map((r) => r.id),
    );
    for (const r of results) if (r.transferId && voided.has(r.transferId)) r.ok = false;

    const sum = (k: 'in' | 'out' | 'withdraw') =>
      results.filter((r) => r.ok && r.kind === k).reduce((s, r) => s + r.amountMinor, 0n);
    const balances = await getMemberBalances(db.kysely, m.memberId);
    expect(balances.cash).toBe(START - sum('in') + sum('out') - sum('withdraw'));
    expect(balances.games.PG).toBe(sum('in') - sum('out'));
    expect(balances.cash).toBeGreaterThanOrEqual(0n);
    expect(balances.cash + (balances.games.PG ?? 0n) + sum('withdraw')).toBe(START);
    expect(await sandboxBalance(t, 'PG', username)).toBe(balances.games.PG);
    // Both outcomes happened: the race was real.
    expect(results.some((r) => !r.ok)).toBe(true);
    expect(results.some((r) => r.ok && r.kind === 'withdraw')).toBe(true);
    await expectLedgerConsistent(db);
  });

  it('one Idempotency-Key sent 50 times at once moves money once', async () => {
    const m = await walletMember(t);
    const activated = await t.api('GET', '/api/wallet/activate/JOKER', { token: m.token });
    expect(activated.statusCode).toBe(200);
    await creditCash(db, m.memberId, 100_00n);
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        moneyCall(
          t,
          '/api/wallet/transfer',
          m.token,
          { from: 'wallet', to: 'JOKER', amount: 7 },
          key,
        ),
      ),
    );
    for (const a of answers) expect([200, 202]).toContain(a.statusCode);
    expect(new Set(answers.map((a) => (a.json() as { transferId: string }).transferId)).size).toBe(
      1,
    );
    const rows = await db.kysely
      .selectFrom('ledger_transfers')
      .select('id')
      .where('member_id', '=', m.memberId)
      .where('kind', '=', 'game_in')
      .execute();
    expect(rows).toHaveLength(1);
    expect((await getMemberBalances(db.kysely, m.memberId)).cash).toBe(93_00n);
    await expectLedgerConsistent(db);
  });
});
