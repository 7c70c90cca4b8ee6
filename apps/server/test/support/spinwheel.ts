import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { Slice } from '@mekong/contracts/spinwheel';
import type { SpinPrizeKind } from '@/db/schema.ts';
import { DEMO_WHEEL_NAME } from '@/db/seed/demo-wheel.ts';
import { creditDeposit } from '@/modules/deposit/deposit-member.ts';
import type { TestApp } from './test-app.ts';

export type SetupAnswer = {
  result: {
    activeSpinwheel: { name: { th: string; la: string; en: string }; slices: Slice[] } | null;
    userCoin: number;
    fairness: { seedHash: string; nonce: number };
  };
};

export type CouponAnswer = {
  _id: string;
  coupon: string;
  prize: { name: string; slice: string };
  prizeKind: SpinPrizeKind;
  amount: number;
  status: 'claimable' | 'claimed' | 'expired';
  createdAt: string;
  expiresAt: string;
  claimedAt: string | null;
  turnover: number;
};

export type SpinAnswer = {
  success: boolean;
  result: { code: string; label: string };
  remainingCoin: number;
  error: null;
  coupon: CouponAnswer | null;
  fairness: {
    serverSeed: string;
    seedHash: string;
    clientSeed: string;
    nonce: number;
    nextSeedHash: string;
  };
};

/** A credited deposit through the one deposit credit (the path every channel takes), earning its coins. */
export async function deposit(
  t: TestApp,
  memberId: string,
  amountMinor: bigint,
  currency: 'THB' | 'LAK' = 'THB',
) {
  return t.app.deps.db.withTransaction((trx) =>
    creditDeposit(trx, {
      memberId,
      currency,
      amountMinor,
      externalRef: `test:${randomUUID()}`,
      metadata: {},
      now: t.clock.now(),
    }),
  );
}

type TestSlice = {
  code: string;
  prizeKind: SpinPrizeKind;
  amountMinor?: bigint;
  bonusCode?: string;
  weight?: number;
};

/** Makes a wheel of the given slices the only active one (deterministic outcomes for coupon tests). */
export async function useWheel(t: TestApp, slices: TestSlice[], couponDays = 7): Promise<void> {
  const db = t.app.deps.db.kysely;
  await db.updateTable('spin_wheels').set({ is_active: false }).execute();
  const wheelId = randomUUID();
  await db
    .insertInto('spin_wheels')
    .values({
      id: wheelId,
      name: `test ${wheelId}`,
      name_th: `วงล้อ ${wheelId}`,
      name_la: `ວົງລໍ້ ${wheelId}`,
      name_en: `Wheel ${wheelId}`,
      is_active: true,
      coupon_days: couponDays,
      created_at: t.clock.now(),
    })
    .execute();
  await db
    .insertInto('spin_slices')
    .values(
      slices.map((s, i) => ({
        id: randomUUID(),
        wheel_id: wheelId,
        code: s.code,
        label: s.code,
        bg_color: '#000000',
        text_color: '#FFFFFF',
        html_description_th: `<p>${s.code} th</p>`,
        html_description_la: `<p>${s.code} la</p>`,
        html_description_en: `<p>${s.code} en</p>`,
        prize_kind: s.prizeKind,
        amount: s.amountMinor ?? 0n,
        bonus_code: s.bonusCode ?? null,
        weight: s.weight ?? 1,
        sort_order: i,
      })),
    )
    .execute();
}

/** Back to the seeded demo wheel. */
export async function useDemoWheel(t: TestApp): Promise<void> {
  const db = t.app.deps.db.kysely;
  await db.updateTable('spin_wheels').set({ is_active: false }).execute();
  await db
    .updateTable('spin_wheels')
    .set({ is_active: true })
    .where('name', '=', DEMO_WHEEL_NAME)
    .execute();
}

export async function setup(t: TestApp, token: string): Promise<SetupAnswer> {
  const response = await t.api('GET', '/api/spinwheel/setup', { token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as SetupAnswer;
}

export async function spin(t: TestApp, token: string, clientSeed?: string): Promise<SpinAnswer> {
  const response = await t.api('POST', '/api/spinwheel/spin', {
    token,
    body: clientSeed === undefined ? {} : { clientSeed },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as SpinAnswer;
}

export function claim(t: TestApp, token: string, coupon: string) {
  return t.api('POST', '/api/spinwheel/coupon/claim', { token, body: { coupon } });
}

/** The member's coin count equals the sum of its coin moves (the append-only log). */
export async function expectCoinsMatchMoves(t: TestApp, memberId: string): Promise<number> {
  const db = t.app.deps.db.kysely;
  const state = await db
    .selectFrom('member_spin_state')
    .select('coins')
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  const moves = await db
    .selectFrom('spin_coin_moves')
    .select('delta')
    .where('member_id', '=', memberId)
    .execute();
  const coins = state?.coins ?? 0;
  expect(moves.reduce((sum, m) => sum + m.delta, 0)).toBe(coins);
  return coins;
}
