import { expect } from 'vitest';
import { saveSetting } from '@/modules/settings/settings.repository.ts';
import type { SettingValue } from '@/modules/settings/settings.schema.ts';
import { play } from './game-bets.ts';
import { moneyCall } from './money.ts';
import type { TestApp } from './test-app.ts';

/** The play guards (docs/decisions/0013-promotions.md#earned-by-play): the safe defaults unless told otherwise. */
export async function setGuards(
  t: TestApp,
  value: Partial<SettingValue<'promotionGuards'>> = {},
): Promise<void> {
  await saveSetting(
    t.app.deps.db.kysely,
    'promotionGuards',
    { depositPlayMultiplier: 1, prizeTurnoverMultiplier: 1, isSharedInviteHeld: true, ...value },
    t.clock.now(),
  );
}

/** Guards off: the mechanics of coins, commission and prizes as they were before play was asked. */
export const GUARDS_OFF = {
  depositPlayMultiplier: 0,
  prizeTurnoverMultiplier: 0,
  isSharedInviteHeld: false,
} as const;

/**
 * Real play through the sandbox provider: `baht` moved from the wallet to PG, staked in rounds that each win back
 * their stake (so the balance stays), brought back, and the bets booked by the member's refresh.
 */
export async function playThrough(
  t: TestApp,
  member: { token: string; memberId: string },
  baht: number,
): Promise<void> {
  const { token, memberId } = member;
  const activated = await t.api('GET', '/api/wallet/activate/PG', { token });
  if (activated.statusCode !== 200)
    expect(activated.json()).toEqual({ message: 'SLOT_ALREADY_ACTIVE' });
  const { username } = await t.app.deps.db.kysely
    .selectFrom('member_game_accounts')
    .select('username')
    .where('member_id', '=', memberId)
    .where('provider', '=', 'PG')
    .executeTakeFirstOrThrow();
  t.clock.advance(1_000);
  const into = await moneyCall(t, '/api/wallet/transfer', token, {
    from: 'wallet',
    to: 'PG',
    amount: baht,
  });
  expect(into.statusCode, into.body).toBe(200);
  await play(t, 'PG', username, [{ betMinor: baht * 100, winMinor: baht * 100 }]);
  const back = await moneyCall(t, '/api/wallet/transfer', token, {
    from: 'PG',
    to: 'wallet',
    amount: baht,
  });
  expect(back.statusCode, back.body).toBe(200);
  expect((await t.api('GET', '/api/wallet/refresh/slot', { token })).statusCode).toBe(200);
  t.clock.advance(1_000);
}
