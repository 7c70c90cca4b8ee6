import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bonusWindows, hasActiveBonus, startBonusByCode } from '@/modules/bonus/bonus.service.ts';
import {
  activate,
  addBonus,
  deposit,
  depositedMember,
  get,
  statement,
  wallet,
} from './support/bonus.ts';
import { withdrawCall } from './support/bank.ts';
import { expectLedgerConsistent } from './support/money.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/** docs/decisions/0013-promotions.md#bonus: starting a bonus, and every refusal of it. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const message = (r: { json(): unknown }) => (r.json() as { message: string }).message;

describe('activation', () => {
  afterAll(async () => {
    await expectLedgerConsistent(t.app.deps.db);
  });

  it('credits percent of the qualifying deposit to the bonus account, capped, with the bonus as a statement row', async () => {
    const code = await addBonus(t, {
      percent: 50,
      maxBonusMinor: 30_000n,
      withdrawCapMinor: 100_000n,
    });
    const m = await depositedMember(t, 100_000n);
    const r = await activate(t, code, m.token);
    expect(r.statusCode, r.body).toBe(200);
    const body = r.json() as { message: string; userBonus: Record<string, unknown> };
    expect(body.message).toBe('SUCCESS');
    expect(body.userBonus).toMatchObject({
      code,
      status: 'active',
      isPromotion: false,
      depositAmount: 1000,
      bonusAmount: 300,
      percentFail: 10,
      progress: {
        conditionKind: 'credit',
        target: 2600,
        current: 1300,
        percent: 50,
        isMet: false,
        startAmount: 1300,
        failBelow: 130,
        withdrawCap: 1000,
      },
    });
    const w = await wallet(t, m.token);
    expect(w.wallet).toEqual({ amount: 1000, bonusAmount: 300, hasReceivedBonus: true });
    const rows = await statement(t, m.token);
    expect(rows.find((r) => r.statementType === 'bonus')).toMatchObject({
      statementType: 'bonus',
      amount: 300,
      description: `โบนัส ${code}`,
      localizedDescription: { th: `โบนัส ${code}`, la: `ໂບນັດ ${code}`, en: `Bonus ${code}` },
      from: 'bonus',
      to: 'bonus_wallet',
    });
    const active = (await get(t, '/api/bonus/check/active', m.token)).json() as {
      status: boolean;
      type: string;
      bonus: { code: string };
    };
    expect(active).toMatchObject({ status: true, type: 'limit', bonus: { code } });
  });

  it('floors the percent to the minor unit', async () => {
    const code = await addBonus(t, { percent: 33.33, maxBonusMinor: 1_000_000n });
    const m = await depositedMember(t, 10_001n);
    const r = await activate(t, code, m.token);
    // 100.01 × 33.33 % = 33.333333 → 33.33
    expect((r.json() as { userBonus: { bonusAmount: number } }).userBonus.bonusAmount).toBe(33.33);
  });

  it('gives a fixed bonus as it is', async () => {
    const code = await addBonus(t, { amountKind: 'fixed', percent: null, maxBonusMinor: 20_000n });
    const m = await depositedMember(t, 50_000n);
    const r = await activate(t, code, m.token);
    expect(r.json()).toMatchObject({
      userBonus: { depositAmount: 500, bonusAmount: 200, progress: { startAmount: 700 } },
    });
  });

  it('needs a deposit of the last 24 hours: BONUS_NO_DEPOSIT', async () => {
    const code = await addBonus(t);
    const m = await depositedMember(t);
    expect(message(await activate(t, code, m.token))).toBe('BONUS_NO_DEPOSIT');
    await deposit(t, m.memberId, 50_000n);
    t.clock.advance(24 * 60 * 60 * 1000 + 1000);
    try {
      const r = await activate(t, code, m.token);
      expect(r.statusCode).toBe(400);
      expect(message(r)).toBe('BONUS_NO_DEPOSIT');
    } finally {
      t.clock.advance(-(24 * 60 * 60 * 1000 + 1000));
    }
  });

  it('needs the deposit still held: withdrawn, it qualifies for no bonus (BONUS_NO_DEPOSIT)', async () => {
    // Before, a member deposited, withdrew it all and was still given a 100% bonus: a stake of house money alone.
    const code = await addBonus(t);
    const m = await depositedMember(t, 50_000n);
    const paid = await withdrawCall(t, m.token, 500);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(message(await activate(t, code, m.token))).toBe('BONUS_NO_DEPOSIT');
    expect((await get(t, '/api/bonus/check/minimum', m.token)).json()).toMatchObject({
      isEnough: false,
    });
    await deposit(t, m.memberId, 50_000n);
    const started = await activate(t, code, m.token);
    expect(started.statusCode, started.body).toBe(200);
  });

  it('refuses a deposit under the minimum: BONUS_MINIMUM_DEPOSIT', async () => {
    const code = await addBonus(t, { minDepositMinor: 20_000n });
    const m = await depositedMember(t, 19_999n);
    const r = await activate(t, code, m.token);
    expect(r.statusCode).toBe(400);
    expect(message(r)).toBe('BONUS_MINIMUM_DEPOSIT');
    const minimum = (await get(t, '/api/bonus/check/minimum', m.token)).json() as {
      minimum: number;
      deposit: number;
      isEnough: boolean;
    };
    expect(minimum.deposit).toBe(199.99);
    expect(minimum.isEnough).toBe(minimum.minimum <= 199.99);
  });

  it('uses one deposit for one bonus only, and allows one active bonus: BONUS_ALREADY_ACTIVE', async () => {
    const first = await addBonus(t, { maxReceived: 5 });
    const second = await addBonus(t);
    const m = await depositedMember(t, 50_000n);
    expect((await activate(t, first, m.token)).statusCode).toBe(200);
    const again = await activate(t, second, m.token);
    expect(again.statusCode).toBe(409);
    expect(message(again)).toBe('BONUS_ALREADY_ACTIVE');
    expect(message(await get(t, '/api/bonus/clear', m.token))).toBe('BONUS_CLEAR');
    // The deposit went to the first bonus.
    expect(message(await activate(t, first, m.token))).toBe('BONUS_NO_DEPOSIT');
    await deposit(t, m.memberId, 50_000n);
    expect((await activate(t, first, m.token)).statusCode).toBe(200);
  });

  it('answers NO_PROMOTION for an unknown code, and a promotion is not a listed bonus', async () => {
    const m = await depositedMember(t, 50_000n);
    expect(message(await activate(t, 'NOSUCHBONUS', m.token))).toBe('NO_PROMOTION');
    expect(message(await activate(t, 'WELCOME50', m.token))).toBe('NO_PROMOTION');
    expect(message(await get(t, '/api/promotion/activate/NEWMEMBER100', m.token))).toBe(
      'NO_PROMOTION',
    );
    expect(message(await get(t, '/api/promotion/find/NOPE', m.token))).toBe('NO_PROMOTION');
  });

  it('lists the bonuses (not promotions) with the member’s receipts', async () => {
    const code = await addBonus(t, { maxReceived: 3 });
    const m = await depositedMember(t, 50_000n);
    const before = (await get(t, '/api/bonus', m.token)).json() as {
      bonuses: { code: string; userBonus: unknown; categoryWeights: Record<string, number> }[];
    };
    const codes = before.bonuses.map((b) => b.code);
    expect(codes).toEqual(expect.arrayContaining(['NEWMEMBER100', 'DAILY10', 'WEEKLY200', code]));
    expect(codes).not.toContain('WELCOME50');
    expect(codes).not.toContain('WHEELBONUS');
    expect(before.bonuses.find((b) => b.code === 'DAILY10')?.categoryWeights).toEqual({
      slot: 100,
      casino: 20,
      sport: 50,
      lotto: 0,
    });
    expect(before.bonuses.find((b) => b.code === code)?.userBonus).toBeNull();
    await activate(t, code, m.token);
    const after = (await get(t, '/api/bonus', m.token)).json() as {
      bonuses: { code: string; userBonus: { isActive: boolean; received: unknown[] } | null }[];
    };
    expect(after.bonuses.find((b) => b.code === code)?.userBonus).toMatchObject({
      isActive: true,
      received: [{ updatedAt: t.clock.now().toISOString() }],
    });
  });

  it('stops at the bonus quota across members: BONUS_FULL', async () => {
    const code = await addBonus(t, { quota: 1 });
    const a = await depositedMember(t, 50_000n);
    const b = await depositedMember(t, 50_000n);
    expect((await activate(t, code, a.token)).statusCode).toBe(200);
    const r = await activate(t, code, b.token);
    expect(r.statusCode).toBe(409);
    expect(message(r)).toBe('BONUS_FULL');
    expect((await wallet(t, b.token)).wallet.bonusAmount).toBe(0);
  });

  it('starts a fixed bonus from a wheel coupon without a deposit (startBonusByCode)', async () => {
    const m = await depositedMember(t);
    const row = await startBonusByCode(t.app.deps.db, m.memberId, 'wheelbonus', {
      now: t.clock.now(),
      viaCoupon: true,
    });
    expect(row).toMatchObject({ bonusCode: 'WHEELBONUS', bonusMinor: 5_000n, depositMinor: 0n });
    expect((await wallet(t, m.token)).wallet).toMatchObject({
      bonusAmount: 50,
      hasReceivedBonus: true,
    });
    await expect(
      startBonusByCode(t.app.deps.db, m.memberId, 'WHEELBONUS', {
        now: t.clock.now(),
        viaCoupon: true,
      }),
    ).rejects.toMatchObject({ code: 'BONUS_ALREADY_ACTIVE' });
    const current = (await get(t, '/api/promotion/current', m.token)).json() as {
      promotion: { code: string; isReceived: boolean };
      userBonus: { bonusAmount: number };
    };
    expect(current).toMatchObject({
      promotion: { code: 'WHEELBONUS', isReceived: true },
      userBonus: { bonusAmount: 50 },
    });
  });

  it('answers no active bonus after a clear, and BONUS_NOT_ACTIVE for a second clear', async () => {
    const code = await addBonus(t);
    const m = await depositedMember(t, 50_000n);
    await activate(t, code, m.token);
    expect(await hasActiveBonus(t.app.deps.db.kysely, m.memberId)).toBe(true);
    expect(await bonusWindows(t.app.deps.db.kysely, m.memberId)).toEqual([
      { from: t.clock.now(), to: null },
    ]);
    const cleared = (await get(t, '/api/bonus/clear', m.token)).json();
    expect(cleared).toEqual({ message: 'BONUS_CLEAR', forfeited: 250 });
    expect((await get(t, '/api/bonus/check/active', m.token)).json()).toEqual({
      status: false,
      type: null,
      withdrawable: null,
      bonus: null,
    });
    expect((await wallet(t, m.token)).wallet).toEqual({
      amount: 500,
      bonusAmount: 0,
      hasReceivedBonus: false,
    });
    expect(message(await get(t, '/api/bonus/clear', m.token))).toBe('BONUS_NOT_ACTIVE');
    // What other modules read: no active bonus, and the one window it ran.
    const db = t.app.deps.db.kysely;
    expect(await hasActiveBonus(db, m.memberId)).toBe(false);
    expect(await bonusWindows(db, m.memberId)).toEqual([
      { from: t.clock.now(), to: t.clock.now() },
    ]);
    expect(
      (await statement(t, m.token)).find((r) => r.statementType === 'finish_bonus'),
    ).toMatchObject({
      amount: 250,
      from: 'bonus_wallet',
      to: 'bonus',
    });
  });
});
