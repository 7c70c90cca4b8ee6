import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statementList } from '@mekong/contracts/statement';
import {
  createTransfer,
  ensureGameAccount,
  postTransfer,
} from '@/modules/ledger/ledger.service.ts';
import {
  depositViaBank,
  memberIdOf,
  sandboxPost,
  setWithdrawLimits,
  statementOf,
  withdrawCall,
} from './support/bank.ts';
import { signedInMember } from './support/members.ts';
import { creditCash } from './support/money.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await setWithdrawLimits(t, {});
});
afterAll(async () => {
  await t?.close();
});

const tick = () => t.clock.advance(1_000);

async function member() {
  const m = await signedInMember(t);
  return { ...m, memberId: await memberIdOf(t, m.username) };
}

/** A posted game leg straight in the ledger (the game side is the transfer engineer's; only the row shape matters here). */
async function gameLeg(
  memberId: string,
  kind: 'game_in' | 'game_out' | 'game_result',
  amountMinor: bigint,
) {
  const db = t.app.deps.db;
  await db.withTransaction(async (trx) => {
    await ensureGameAccount(trx, memberId, 'PG', 'THB', t.clock.now());
    const game = { memberId, kind: 'game' as const, provider: 'PG' };
    const cash = { memberId, kind: 'cash' as const };
    const sides =
      kind === 'game_in'
        ? { debit: cash, credit: game }
        : kind === 'game_out'
          ? { debit: game, credit: cash }
          : { debit: { house: 'game_result' as const }, credit: game };
    const { transfer } = await createTransfer(trx, {
      memberId,
      ...sides,
      amountMinor,
      currency: 'THB',
      kind,
      status: kind === 'game_result' ? 'posted' : 'pending',
      idempotencyKey: randomUUID(),
      metadata: { provider: 'PG' },
      now: t.clock.now(),
    });
    if (kind !== 'game_result') await postTransfer(trx, transfer.id, t.clock.now());
  });
}

describe('POST /api/statement (docs/spec.md §2, §7; D3)', () => {
  it('is empty for a new member', async () => {
    const m = await member();
    expect(await statementOf(t, m.token)).toEqual({ total: 0, statements: [] });
  });

  it('lists deposits, transfers and withdrawals newest first, with sides, amounts and statuses; game results are left out', async () => {
    const m = await member();
    await depositViaBank(t, m, 1_500_00);
    tick();
    await gameLeg(m.memberId, 'game_in', 300_00n);
    tick();
    await gameLeg(m.memberId, 'game_result', 45_50n);
    tick();
    await gameLeg(m.memberId, 'game_out', 345_50n);
    tick();
    expect((await withdrawCall(t, m.token, 200)).statusCode).toBe(200);
    tick();
    await sandboxPost(t, '/sandbox/bank/faults', { rejectAccountNos: [m.bankAccountNo] });
    expect((await withdrawCall(t, m.token, 100)).statusCode).toBe(502);
    await sandboxPost(t, '/sandbox/bank/faults/clear');
    tick();
    await sandboxPost(t, '/sandbox/bank/faults', { nextOutcomes: ['error-before'] });
    expect((await withdrawCall(t, m.token, 100.25)).statusCode).toBe(202);

    const response = await t.api('POST', '/api/statement', {
      token: m.token,
      body: { page: 1, limit: 10 },
    });
    expect(response.statusCode).toBe(200);
    const body = statementList.response.parse(response.json());
    expect(body).toEqual(response.json());
    expect(body.total).toBe(6);
    expect(
      body.statements.map(({ statementType, from, to, amount, status }) => ({
        statementType,
        from,
        to,
        amount,
        status,
      })),
    ).toEqual([
      { statementType: 'withdraw', from: 'wallet', to: 'bank', amount: 100.25, status: 'PENDING' },
      { statementType: 'withdraw', from: 'wallet', to: 'bank', amount: 100, status: 'FAILED' },
      { statementType: 'withdraw', from: 'wallet', to: 'bank', amount: 200, status: 'SUCCESS' },
      { statementType: 'transfer', from: 'PG', to: 'wallet', amount: 345.5, status: 'SUCCESS' },
      { statementType: 'transfer', from: 'wallet', to: 'PG', amount: 300, status: 'SUCCESS' },
      { statementType: 'deposit', from: 'bank', to: 'wallet', amount: 1_500, status: 'SUCCESS' },
    ]);
    const times = body.statements.map((s) => Date.parse(s.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(body.statements[5]?.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('pages 10 at a time, newest first, and shows only the member’s own rows', async () => {
    const m = await member();
    const other = await member();
    for (let i = 1; i <= 23; i += 1) await creditCash(t.app.deps.db, m.memberId, BigInt(i * 100));
    await creditCash(t.app.deps.db, other.memberId, 999n);
    const page1 = await statementOf(t, m.token, 1, 10);
    const page3 = await statementOf(t, m.token, 3, 10);
    const page4 = await statementOf(t, m.token, 4, 10);
    expect(page1.total).toBe(23);
    expect(page1.statements).toHaveLength(10);
    expect(page3.statements).toHaveLength(3);
    expect(page4).toEqual({ total: 23, statements: [] });
    const all = [
      ...page1.statements,
      ...(await statementOf(t, m.token, 2, 10)).statements,
      ...page3.statements,
    ];
    expect(new Set(all.map((s) => s._id)).size).toBe(23);
    expect(all.map((s) => s.amount).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 23 }, (_, i) => i + 1),
    );
    expect((await statementOf(t, other.token)).statements.map((s) => s.amount)).toEqual([9.99]);
  });

  it('refuses bad paging input and strangers, never with a 500', async () => {
    const m = await member();
    const bodies: unknown[] = [
      {},
      { page: 0, limit: 10 },
      { page: 1, limit: 0 },
      { page: 1, limit: 51 },
      { page: 1.5, limit: 10 },
      { page: '1', limit: 10 },
      { page: 1, limit: 10, extra: true },
      { page: -1, limit: 10 },
      { page: 1e9, limit: 10 },
      [1, 10],
      null,
    ];
    for (const body of bodies) {
      const response = await t.api('POST', '/api/statement', { token: m.token, body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect((response.json() as { message: string }).message).toMatch(
        /^(INVALID_REQUEST|UNKNOWN_FIELD|INVALID_JSON)$/,
      );
    }
    const stranger = await t.api('POST', '/api/statement', { body: { page: 1, limit: 10 } });
    expect(stranger.statusCode).toBe(401);
    expect(stranger.json()).toEqual({ message: 'UNAUTHORIZED' });
  });
});
