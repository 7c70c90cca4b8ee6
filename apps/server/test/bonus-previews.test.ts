import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activate, addBonus, deposit, depositedMember, get, statement } from './support/bonus.ts';
import { withdrawCall } from './support/bank.ts';
import { expectLedgerConsistent, moneyCall } from './support/money.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * Issue 28 items 1 and 2: before receiving a bonus the member is told, by the activation's own checks and arithmetic,
 * what it gives, the condition in baht and the own money it locks; under a bonus the withdrawable amount is what the
 * withdrawal decides by; before a cancel the member is told what it forfeits, per game, and what bringing the games
 * back first saves; the statement's forfeit rows say why.
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

/** The daily ฿15 of the report: fixed, no deposit needed, 33 × turnover. */
const dailyFifteen = () =>
  addBonus(t, {
    amountKind: 'fixed',
    percent: null,
    maxBonusMinor: 1_500n,
    minDepositMinor: 0n,
    conditionKind: 'turnover',
    multiplier: 33,
    type: 'day',
    maxReceived: 1,
  });

describe('GET /api/bonus/preview/:code', () => {
  it('names what the bonus gives, the turnover in baht and the own cash it locks, as the activation then does', async () => {
    const code = await dailyFifteen();
    const m = await depositedMember(t, 53_136n);
    const preview = await get(t, `/api/bonus/preview/${code}`, m.token);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toEqual({
      preview: {
        code,
        bonusAmount: 15,
        depositAmount: 0,
        startAmount: 15,
        conditionKind: 'turnover',
        target: 495,
        lockedAmount: 531.36,
        failBelow: 1.5,
        withdrawCap: null,
        validDays: 7,
      },
    });
    // Nothing was started by the preview.
    expect((await get(t, '/api/bonus/check/active', m.token)).json()).toMatchObject({
      status: false,
      withdrawable: null,
    });
    const started = await activate(t, code, m.token);
    expect(started.statusCode, started.body).toBe(200);
    const { userBonus } = started.json() as {
      userBonus: { bonusAmount: number; progress: { target: number } };
    };
    expect(userBonus.bonusAmount).toBe(15);
    expect(userBonus.progress.target).toBe(495);
  });

  it('refuses as the activation would (no qualifying deposit, already active, a promotion code)', async () => {
    const percent = await addBonus(t, { percent: 50, minDepositMinor: 10_000n });
    const promotion = await addBonus(t, { isPromotion: true });
    const m = await depositedMember(t);
    expect(messageOf(await get(t, `/api/bonus/preview/${percent}`, m.token))).toBe(
      'BONUS_NO_DEPOSIT',
    );
    expect(messageOf(await get(t, `/api/bonus/preview/${promotion}`, m.token))).toBe(
      'NO_PROMOTION',
    );
    await deposit(t, m.memberId, 20_000n);
    const preview = (await get(t, `/api/bonus/preview/${percent}`, m.token)).json() as {
      preview: Record<string, number>;
    };
    // 50 % of 200 = 100, start 300, credit 2 × 300 = 600.
    expect(preview.preview).toMatchObject({
      bonusAmount: 100,
      depositAmount: 200,
      startAmount: 300,
      target: 600,
      lockedAmount: 200,
    });
    expect((await activate(t, percent, m.token)).statusCode).toBe(200);
    expect(messageOf(await get(t, `/api/bonus/preview/${percent}`, m.token))).toBe(
      'BONUS_ALREADY_ACTIVE',
    );
  });
});

describe('GET /api/promotion/preview/:code', () => {
  it('previews a promotion code as its activation would, and refuses a listed bonus', async () => {
    const promotion = await addBonus(t, {
      isPromotion: true,
      percent: 50,
      minDepositMinor: 10_000n,
    });
    const listed = await addBonus(t);
    const m = await depositedMember(t, 40_000n);
    const preview = await get(t, `/api/promotion/preview/${promotion}`, m.token);
    expect(preview.statusCode, preview.body).toBe(200);
    // 50 % of 400 = 200, start 600, credit 2 × 600.
    expect((preview.json() as { preview: Record<string, unknown> }).preview).toMatchObject({
      code: promotion,
      bonusAmount: 200,
      target: 1200,
      lockedAmount: 400,
    });
    expect(messageOf(await get(t, `/api/promotion/preview/${listed}`, m.token))).toBe(
      'NO_PROMOTION',
    );
    expect(messageOf(await get(t, `/api/promotion/preview/NOSUCHCODE`, m.token))).toBe(
      'NO_PROMOTION',
    );
  });
});

describe('GET /api/bonus/check/active: withdrawable', () => {
  it('is 0 until the condition is met, and a withdrawal of the locked cash is refused', async () => {
    const code = await dailyFifteen();
    const m = await depositedMember(t, 53_136n);
    expect((await activate(t, code, m.token)).statusCode).toBe(200);
    const active = (await get(t, '/api/bonus/check/active', m.token)).json() as {
      withdrawable: number;
    };
    expect(active.withdrawable).toBe(0);
    expect(messageOf(await withdrawCall(t, m.token, 531.36))).toBe('BONUS_CONDITION');
  });

  it('is the whole cash + games once met, the one amount a withdrawal under the bonus takes', async () => {
    const code = await addBonus(t, {
      amountKind: 'fixed',
      percent: null,
      maxBonusMinor: 10_000n,
      multiplier: 1,
      withdrawCapMinor: 500_000n,
    });
    const m = await depositedMember(t, 50_000n);
    expect((await activate(t, code, m.token)).statusCode).toBe(200);
    expect((await get(t, '/api/wallet/activate/PG', m.token)).statusCode).toBe(200);
    await transfer(m, 'wallet', 'PG', 150);
    const active = (await get(t, '/api/bonus/check/active', m.token)).json() as {
      withdrawable: number;
    };
    // The bonus (100) was spent first: cash 450 + PG 150, the bonus account empty.
    expect(active.withdrawable).toBe(600);
    expect(
      messageOf(await withdrawCall(t, m.token, 599, { path: '/api/wallet/withdrawAll' })),
    ).toBe('BONUS_WITHDRAW_ALL');
    const paid = await withdrawCall(t, m.token, active.withdrawable, {
      path: '/api/wallet/withdrawAll',
    });
    expect(paid.statusCode, paid.body).toBe(200);
  });
});

describe('GET /api/bonus/clear/preview', () => {
  /** Deposit 1000, 50 % bonus of 500 (start 1500); 800 into PG spends the bonus first: cash 700, bonus 0, PG 800. */
  async function memberWithMoneyInPg() {
    const code = await addBonus(t, { percent: 50, maxBonusMinor: 50_000n });
    const m = await depositedMember(t, 100_000n);
    expect((await get(t, '/api/wallet/activate/PG', m.token)).statusCode).toBe(200);
    expect((await activate(t, code, m.token)).statusCode).toBe(200);
    await transfer(m, 'wallet', 'PG', 800);
    return m;
  }

  it('is what the cancel then forfeits, every game in full, and names the smaller forfeit with the games back first', async () => {
    const m = await memberWithMoneyInPg();
    const preview = await get(t, '/api/bonus/clear/preview', m.token);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toEqual({
      forfeit: 800,
      games: [{ provider: 'PG', amount: 800 }],
      bonusWallet: 0,
      wallet: 0,
      kept: 700,
      forfeitAfterGamesBack: 500,
    });
    expect((await get(t, '/api/bonus/clear', m.token)).json()).toEqual({
      message: 'BONUS_CLEAR',
      forfeited: 800,
    });
    expect(messageOf(await get(t, '/api/bonus/clear/preview', m.token))).toBe('BONUS_NOT_ACTIVE');
  });

  it('with the games brought back first, the cancel forfeits forfeitAfterGamesBack', async () => {
    const m = await memberWithMoneyInPg();
    await transfer(m, 'PG', 'wallet', 800);
    const preview = (await get(t, '/api/bonus/clear/preview', m.token)).json() as Record<
      string,
      unknown
    >;
    expect(preview).toMatchObject({
      forfeit: 500,
      games: [],
      bonusWallet: 0,
      wallet: 500,
      kept: 1000,
      forfeitAfterGamesBack: 500,
    });
    expect((await get(t, '/api/bonus/clear', m.token)).json()).toEqual({
      message: 'BONUS_CLEAR',
      forfeited: 500,
    });
  });

  it('the statement row of the forfeit says it was a cancel', async () => {
    const m = await memberWithMoneyInPg();
    await get(t, '/api/bonus/clear', m.token);
    const rows = (await statement(t, m.token)).filter(
      (row) => row.statementType === 'finish_bonus',
    );
    expect(
      rows.map((row) => [row.amount, (row as { forfeitReason?: string }).forfeitReason]),
    ).toEqual([[800, 'cancelled']]);
  });
});
