import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAME_SYNC_JOB } from '@/jobs/game-jobs.ts';
import { BONUS_EXPIRY_JOB, BONUS_LOST_JOB } from '@/modules/bonus/bonus.service.ts';
import { claimLease, releaseLease } from '@/modules/job-lease/job-lease.repository.ts';
import { activate, addBonus, depositedMember, get, statement, wallet } from './support/bonus.ts';
import { play } from './support/game-bets.ts';
import {
  clearGameFaults,
  expectLedgerConsistent,
  moneyCall,
  sandboxBalance,
  setGameFaults,
} from './support/money.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * docs/decisions/0013-promotions.md#bonus: the bonus spent first on a game transfer (bonus_use), the automatic end
 * when lost, the cancel that brings game balances back and forfeits them, and the expiry job.
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
  const r = await get(t, `/api/wallet/activate/${provider}`, m.token);
  expect(r.statusCode, r.body).toBe(200);
  const row = await t.app.deps.db.kysely
    .selectFrom('member_game_accounts')
    .select('username')
    .where('member_id', '=', m.memberId)
    .where('provider', '=', provider)
    .executeTakeFirstOrThrow();
  return row.username;
}

async function transfer(m: Member, from: string, to: string, amount: number) {
  const r = await moneyCall(t, '/api/wallet/transfer', m.token, { from, to, amount });
  expect(r.statusCode, r.body).toBe(200);
}

async function statusOf(m: Member) {
  const row = await t.app.deps.db.kysely
    .selectFrom('member_bonuses')
    .select(['status', 'forfeited'])
    .where('member_id', '=', m.memberId)
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
  return { status: row.status, forfeited: Number(row.forfeited) };
}

describe('bonus money in games', () => {
  it('spends the bonus first on a wallet → game transfer, and the move is not a statement row', async () => {
    const code = await addBonus(t, { percent: 50, maxBonusMinor: 50_000n });
    const m = await depositedMember(t, 100_000n);
    await gameOf(m, 'PG');
    expect((await activate(t, code, m.token)).statusCode).toBe(200);
    await transfer(m, 'wallet', 'PG', 300);
    expect((await wallet(t, m.token)).wallet).toMatchObject({ amount: 1000, bonusAmount: 200 });
    await transfer(m, 'wallet', 'PG', 400);
    expect((await wallet(t, m.token)).wallet).toMatchObject({ amount: 800, bonusAmount: 0 });
    const rows = await statement(t, m.token);
    const moves = rows.filter((r) => r.statementType === 'transfer').map((r) => r.amount);
    expect(moves.sort()).toEqual([300, 400]);
    expect(rows.some((r) => r.from === 'bonus_wallet' && r.to === 'wallet')).toBe(false);
    const uses = await t.app.deps.db.kysely
      .selectFrom('ledger_transfers')
      .select(['amount', 'status'])
      .where('member_id', '=', m.memberId)
      .where('kind', '=', 'bonus_use')
      .execute();
    expect(uses.map((u) => [Number(u.amount), u.status]).sort()).toEqual([
      [20_000, 'posted'],
      [30_000, 'posted'],
    ]);
  });

  it('without a bonus a game transfer moves no bonus money', async () => {
    const m = await depositedMember(t, 10_000n);
    await gameOf(m, 'JOKER');
    await transfer(m, 'wallet', 'JOKER', 50);
    expect((await wallet(t, m.token)).wallet).toEqual({
      amount: 50,
      bonusAmount: 0,
      hasReceivedBonus: false,
    });
  });

  it('cancel brings the game balance back and forfeits it with the bonus account; cash stays', async () => {
    const code = await addBonus(t, { percent: 50, maxBonusMinor: 50_000n });
    const m = await depositedMember(t, 100_000n);
    const username = await gameOf(m, 'PG');
    await activate(t, code, m.token);
    await transfer(m, 'wallet', 'PG', 300);
    await play(t, 'PG', username, [{ betMinor: 10_000, winMinor: 30_000 }]);
    // The sandbox holds 500 now (300 in, won 200); the ledger learns it at the clear's leg.
    const cleared = await get(t, '/api/bonus/clear', m.token);
    expect(cleared.statusCode, cleared.body).toBe(200);
    // 500 from the game and the 200 still in the bonus account.
    expect(cleared.json()).toEqual({ message: 'BONUS_CLEAR', forfeited: 700 });
    expect(await sandboxBalance(t, 'PG', username)).toBe(0n);
    expect(await wallet(t, m.token)).toMatchObject({
      wallet: { amount: 1000, bonusAmount: 0, hasReceivedBonus: false },
      overall: { total: 1000 },
    });
    expect(await statusOf(m)).toEqual({ status: 'cancelled', forfeited: 70_000 });
    const finish = (await statement(t, m.token)).filter((r) => r.statementType === 'finish_bonus');
    expect(finish.map((r) => [r.from, r.amount]).sort()).toEqual([
      ['bonus_wallet', 200],
      ['wallet', 500],
    ]);
  });

  it('a game that refuses at the cancel leaves the bonus running; the next cancel forfeits what every try brought back', async () => {
    const code = await addBonus(t, { percent: 50, maxBonusMinor: 50_000n });
    const m = await depositedMember(t, 100_000n);
    await gameOf(m, 'PG');
    const joker = await gameOf(m, 'JOKER');
    await activate(t, code, m.token);
    await transfer(m, 'wallet', 'PG', 300);
    await transfer(m, 'wallet', 'JOKER', 400);
    await setGameFaults(t, { provider: 'JOKER', nextOutcomes: ['fail'] });
    try {
      const refused = await get(t, '/api/bonus/clear', m.token);
      expect(refused.statusCode).toBe(502);
      expect(message(refused)).toBe('TRANSFER_FAIL');
    } finally {
      await clearGameFaults(t);
    }
    // PG came back to cash; the bonus still runs.
    expect((await statusOf(m)).status).toBe('active');
    expect((await wallet(t, m.token)).wallet).toMatchObject({
      amount: 1100,
      hasReceivedBonus: true,
    });
    expect(await sandboxBalance(t, 'JOKER', joker)).toBe(40_000n);
    const cleared = await get(t, '/api/bonus/clear', m.token);
    // 300 (PG, first try) + 400 (JOKER) + 0 left in the bonus account.
    expect(cleared.json()).toEqual({ message: 'BONUS_CLEAR', forfeited: 700 });
    expect((await wallet(t, m.token)).wallet).toEqual({
      amount: 800,
      bonusAmount: 0,
      hasReceivedBonus: false,
    });
  });

  it('ends by itself when the total falls below percentFail %: the bonus granted is forfeited (bonus account, then cash), the rest stays', async () => {
    const code = await addBonus(t, { percent: 50, maxBonusMinor: 50_000n, percentFail: 90 });
    const m = await depositedMember(t, 100_000n);
    const username = await gameOf(m, 'SLOTXO');
    await activate(t, code, m.token);
    // Start 1500, lost below 1350.
    await transfer(m, 'wallet', 'SLOTXO', 200);
    await play(t, 'SLOTXO', username, [{ betMinor: 10_000, winMinor: 0 }]);
    const refreshed = await get(t, '/api/wallet/refresh/slot', m.token);
    expect(refreshed.statusCode).toBe(200);
    // 1000 cash + 300 bonus + 100 game = 1400: still above.
    expect(
      (refreshed.json() as { wallet: { hasReceivedBonus: boolean } }).wallet.hasReceivedBonus,
    ).toBe(true);
    await play(t, 'SLOTXO', username, [{ betMinor: 6_000, winMinor: 0 }]);
    const after = (await get(t, '/api/wallet/refresh/slot', m.token)).json() as {
      wallet: { amount: number; bonusAmount: number; hasReceivedBonus: boolean };
      overall: { total: number };
    };
    // Like a cancel (issue 27): the 500 granted goes (300 bonus account + 200 cash); the losses were the member's.
    expect(after.wallet).toEqual({ amount: 800, bonusAmount: 0, hasReceivedBonus: false });
    expect(after.overall.total).toBe(840);
    expect(await statusOf(m)).toEqual({ status: 'lost', forfeited: 50_000 });
    expect(message(await get(t, '/api/bonus/clear', m.token))).toBe('BONUS_NOT_ACTIVE');
  });

  it('the lost job ends a bonus below percentFail % without the member reading the wallet', async () => {
    const code = await addBonus(t, { percent: 50, maxBonusMinor: 50_000n, percentFail: 90 });
    const m = await depositedMember(t, 100_000n);
    const username = await gameOf(m, 'SLOTXO');
    await activate(t, code, m.token);
    // Start 1500, lost below 1350; 200 into the game, then lost there while the member is away.
    await transfer(m, 'wallet', 'SLOTXO', 200);
    await play(t, 'SLOTXO', username, [{ betMinor: 10_000, winMinor: 0 }]);
    await t.app.jobs.runNow(GAME_SYNC_JOB);
    await t.app.jobs.runNow(BONUS_LOST_JOB);
    // 1000 cash + 300 bonus + 100 game = 1400: still above.
    expect(await statusOf(m)).toEqual({ status: 'active', forfeited: 0 });
    await play(t, 'SLOTXO', username, [{ betMinor: 6_000, winMinor: 0 }]);
    // The next sync round (a round skips accounts synced since it began).
    t.clock.advance(60_000);
    await t.app.jobs.runNow(GAME_SYNC_JOB);
    expect((await statusOf(m)).status).toBe('active');
    await t.app.jobs.runNow(BONUS_LOST_JOB);
    expect(await statusOf(m)).toEqual({ status: 'lost', forfeited: 50_000 });
    // A second run finds nothing more to end.
    expect(await t.app.promotions.bonus.endLost()).toMatchObject({ lost: 0 });
    const rows = await statement(t, m.token);
    // Named in every language, not by the Thai name alone (the client shows the member's).
    expect(rows.find((r) => r.statementType === 'finish_bonus' && r.amount === 300)).toMatchObject({
      amount: 300,
      description: `โบนัส ${code}`,
      localizedDescription: { th: `โบนัส ${code}`, la: `ໂບນັດ ${code}`, en: `Bonus ${code}` },
    });
    expect(
      rows
        .filter((r) => r.statementType === 'finish_bonus')
        .map((r) => r.amount)
        .sort(),
    ).toEqual([200, 300]);
    expect((await wallet(t, m.token)).wallet).toEqual({
      amount: 800,
      bonusAmount: 0,
      hasReceivedBonus: false,
    });
  });

  it('a bonus lost with the money in a game waits for it to come back, then forfeits the bonus granted', async () => {
    const code = await addBonus(t, { percent: 50, maxBonusMinor: 50_000n, percentFail: 90 });
    const m = await depositedMember(t, 100_000n);
    const username = await gameOf(m, 'SLOTXO');
    await activate(t, code, m.token);
    // Start 1500, lost below 1350: everything into the game (the bonus first), then 200 lost there.
    await transfer(m, 'wallet', 'SLOTXO', 1_500);
    await play(t, 'SLOTXO', username, [{ betMinor: 20_000, winMinor: 0 }]);
    const below = (await get(t, '/api/wallet/refresh/slot', m.token)).json() as {
      wallet: { hasReceivedBonus: boolean };
    };
    // 1300 in the game, nothing in the wallet to take the bonus from: the bonus runs on.
    expect(below.wallet.hasReceivedBonus).toBe(true);
    expect(await statusOf(m)).toEqual({ status: 'active', forfeited: 0 });
    await t.app.jobs.runNow(BONUS_LOST_JOB);
    expect(await statusOf(m)).toEqual({ status: 'active', forfeited: 0 });
    // Back in the wallet: the next look ends it, and the 500 granted goes; the member keeps 800 of the 1000 deposited.
    await transfer(m, 'SLOTXO', 'wallet', 1_300);
    expect((await wallet(t, m.token)).wallet).toEqual({
      amount: 800,
      bonusAmount: 0,
      hasReceivedBonus: false,
    });
    expect(await statusOf(m)).toEqual({ status: 'lost', forfeited: 50_000 });
    await expectLedgerConsistent(t.app.deps.db);
  });

  it('the expiry job ends a bonus past validDays like a cancel (expired)', async () => {
    const code = await addBonus(t, { percent: 50, maxBonusMinor: 50_000n, validDays: 2 });
    const m = await depositedMember(t, 100_000n);
    const username = await gameOf(m, 'PG');
    await activate(t, code, m.token);
    await transfer(m, 'wallet', 'PG', 600);
    await t.app.jobs.runNow(BONUS_EXPIRY_JOB);
    expect((await statusOf(m)).status).toBe('active');
    t.clock.advance(2 * 24 * 60 * 60 * 1000);
    // Another process holds the bonus's lease: this run leaves it alone.
    const row = await t.app.deps.db.kysely
      .selectFrom('member_bonuses')
      .select('id')
      .where('member_id', '=', m.memberId)
      .executeTakeFirstOrThrow();
    const lease = { job: BONUS_EXPIRY_JOB, item: row.id, holder: 'other-process' };
    const until = new Date(t.clock.now().getTime() + 60_000);
    expect(await claimLease(t.app.deps.db.kysely, lease, until, t.clock.now())).toBe(true);
    expect(await t.app.promotions.bonus.expireDue()).toEqual({ expired: 0, left: 0 });
    expect((await statusOf(m)).status).toBe('active');
    await releaseLease(t.app.deps.db.kysely, lease);
    await t.app.jobs.runNow(BONUS_EXPIRY_JOB);
    expect(await statusOf(m)).toEqual({ status: 'expired', forfeited: 60_000 });
    expect(await sandboxBalance(t, 'PG', username)).toBe(0n);
    expect((await wallet(t, m.token)).wallet).toEqual({
      amount: 900,
      bonusAmount: 0,
      hasReceivedBonus: false,
    });
  });
});
