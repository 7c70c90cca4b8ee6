import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bonusMember, deposit, get, statement } from './support/bonus.ts';
import { expectLedgerConsistent } from './support/money.ts';
import { uniqueAccountNo, uniquePhone } from './support/members.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * docs/decisions/0013-promotions.md#bonus: promotion codes — found by code, not listed, taken once per member, per bank
 * account and per phone (PROMOTION_RECEIVED).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await expectLedgerConsistent(t.app.deps.db);
  await t?.close();
});

const message = (r: { json(): unknown }) => (r.json() as { message: string }).message;
const db = () => t.app.deps.db.kysely;

describe('promotion codes', () => {
  it('finds a promotion by its code (any case) and starts it', async () => {
    const m = await bonusMember(t);
    const found = await get(t, '/api/promotion/find/%20welcome50%20', m.token);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()).toEqual({
      promotion: expect.objectContaining({
        code: 'WELCOME50',
        amountKind: 'percent',
        percent: 50,
        maxBonus: 500,
        minDeposit: 100,
        withdrawCap: 2000,
        conditionKind: 'credit',
        multiplier: 3,
        percentFail: 10,
        isReceived: false,
      }),
    });
    await deposit(t, m.memberId, 40_000n);
    const started = await get(t, '/api/promotion/activate/welcome50', m.token);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({
      message: 'SUCCESS',
      userBonus: { code: 'WELCOME50', isPromotion: true, bonusAmount: 200, depositAmount: 400 },
    });
    expect(
      (await statement(t, m.token)).find((row) => row.statementType === 'bonus'),
    ).toMatchObject({ amount: 200, description: 'โค้ดต้อนรับ 50%' });
    expect((await get(t, '/api/promotion/current', m.token)).json()).toMatchObject({
      promotion: { code: 'WELCOME50', isReceived: true },
      userBonus: { code: 'WELCOME50', status: 'active' },
    });
    // Cleared and deposited again: the same member cannot take it twice.
    expect(message(await get(t, '/api/bonus/clear', m.token))).toBe('BONUS_CLEAR');
    await deposit(t, m.memberId, 40_000n);
    const again = await get(t, '/api/promotion/activate/WELCOME50', m.token);
    expect(again.statusCode).toBe(409);
    expect(message(again)).toBe('PROMOTION_RECEIVED');
    expect((await get(t, '/api/promotion/current', m.token)).json()).toEqual({
      promotion: null,
      userBonus: null,
    });
  });

  it('a second member on the same bank account cannot take it again', async () => {
    const first = await bonusMember(t);
    await deposit(t, first.memberId, 40_000n);
    expect(message(await get(t, '/api/promotion/activate/WELCOME50', first.token))).toBe('SUCCESS');
    // The first member moves to another account; the second registers the first's old one.
    await db()
      .updateTable('member_bank_accounts')
      .set({ account_no: uniqueAccountNo() })
      .where('member_id', '=', first.memberId)
      .execute();
    const second = await bonusMember(t, { bankAccountNo: first.bankAccountNo });
    await deposit(t, second.memberId, 40_000n);
    expect((await get(t, '/api/promotion/find/WELCOME50', second.token)).json()).toMatchObject({
      promotion: { isReceived: true },
    });
    const r = await get(t, '/api/promotion/activate/WELCOME50', second.token);
    expect(r.statusCode).toBe(409);
    expect(message(r)).toBe('PROMOTION_RECEIVED');
    // Another promotion is still open to them.
    await deposit(t, second.memberId, 40_000n);
    expect(message(await get(t, '/api/promotion/activate/LUCKY100', second.token))).toBe('SUCCESS');
  });

  it('a second member with the same phone cannot take it again', async () => {
    const first = await bonusMember(t);
    await deposit(t, first.memberId, 40_000n);
    expect(message(await get(t, '/api/promotion/activate/WELCOME50', first.token))).toBe('SUCCESS');
    await db()
      .updateTable('members')
      .set({ phone: uniquePhone() })
      .where('id', '=', first.memberId)
      .execute();
    // The phone's one-time codes are rate limited: the second registration comes later.
    t.clock.advance(10 * 60_000);
    const second = await bonusMember(t, { username: first.username });
    await deposit(t, second.memberId, 40_000n);
    expect(message(await get(t, '/api/promotion/activate/WELCOME50', second.token))).toBe(
      'PROMOTION_RECEIVED',
    );
  });

  it('refuses a deposit under the promotion minimum, and a promotion without a deposit', async () => {
    const m = await bonusMember(t);
    expect(message(await get(t, '/api/promotion/activate/LUCKY100', m.token))).toBe(
      'BONUS_NO_DEPOSIT',
    );
    await deposit(t, m.memberId, 29_999n);
    expect(message(await get(t, '/api/promotion/activate/LUCKY100', m.token))).toBe(
      'BONUS_MINIMUM_DEPOSIT',
    );
    // Nothing was taken: a big enough deposit (the latest) starts it.
    t.clock.advance(1_000);
    await deposit(t, m.memberId, 30_000n);
    expect((await get(t, '/api/promotion/activate/LUCKY100', m.token)).json()).toMatchObject({
      userBonus: { bonusAmount: 100, depositAmount: 300, progress: { conditionKind: 'turnover' } },
    });
  });
});

describe('guessing promotion codes (docs/decisions/0013-promotions.md#codes)', () => {
  it('a member may miss 10 codes a minute and 30 a day; codes found are not counted', async () => {
    // Before, 1,000 wrong codes in 2 seconds all answered NO_PROMOTION: a word list found WELCOME50 and LUCKY100.
    const m = await bonusMember(t);
    for (let i = 0; i < 5; i++)
      expect(message(await get(t, '/api/promotion/find/WELCOME50', m.token))).toBeUndefined();
    const guess = (i: number, kind = 'find') => get(t, `/api/promotion/${kind}/NOPE${i}`, m.token);
    for (let i = 0; i < 5; i++) expect(message(await guess(i))).toBe('NO_PROMOTION');
    for (let i = 5; i < 10; i++) expect(message(await guess(i, 'activate'))).toBe('NO_PROMOTION');
    const limited = await guess(10);
    expect({ status: limited.statusCode, message: message(limited) }).toEqual({
      status: 429,
      message: 'REQUEST_LIMIT_1MIN',
    });
    expect(message(await get(t, '/api/promotion/find/WELCOME50', m.token))).toBe(
      'REQUEST_LIMIT_1MIN',
    );
    // Another member is not limited by this one.
    const other = await bonusMember(t);
    expect(message(await get(t, '/api/promotion/find/NOPE', other.token))).toBe('NO_PROMOTION');

    for (let minute = 1; minute <= 2; minute++) {
      t.clock.advance(61_000);
      for (let i = 0; i < 10; i++) expect(message(await guess(i))).toBe('NO_PROMOTION');
    }
    t.clock.advance(61_000);
    expect(message(await guess(0))).toBe('REQUEST_LIMIT');
  });
});
