import { expect } from 'vitest';
import { creditCash, moneyCall, sandboxPost, walletMember } from './money.ts';
import type { TestApp } from './test-app.ts';

export type Round = { betMinor: number; winMinor: number };

/** A signed-in member with cash, an active account at each provider and `baht` moved into each. */
export async function playingMember(t: TestApp, codes: readonly string[], baht = 500) {
  const member = await walletMember(t);
  await creditCash(t.app.deps.db, member.memberId, BigInt(codes.length * baht * 100));
  const usernames: Record<string, string> = {};
  for (const code of codes) {
    expect(
      (await t.api('GET', `/api/wallet/activate/${code}`, { token: member.token })).statusCode,
    ).toBe(200);
    const moved = await moneyCall(t, '/api/wallet/transfer', member.token, {
      from: 'wallet',
      to: code,
      amount: baht,
    });
    expect(moved.statusCode).toBe(200);
    const row = await t.app.deps.db.kysely
      .selectFrom('member_game_accounts')
      .select('username')
      .where('member_id', '=', member.memberId)
      .where('provider', '=', code)
      .executeTakeFirstOrThrow();
    usernames[code] = row.username;
  }
  return { ...member, usernames };
}

/** Plays exactly these rounds on the account at the sandbox provider. */
export function play(t: TestApp, provider: string, username: string, results: Round[]) {
  return sandboxPost(t, '/sandbox/games/play', { provider, username, results });
}

/** A game account the server never created, straight at the sandbox provider, funded. */
export async function strangerAccount(t: TestApp, provider: string, username: string) {
  const headers = {
    authorization: `Bearer ${t.config.GAME_API_KEY}`,
    'content-type': 'application/json',
  };
  const base = `${t.sandboxUrl}/games/${provider}`;
  const created = await fetch(`${base}/members`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ username }),
  });
  expect(created.status).toBe(200);
  const funded = await fetch(`${base}/deposit`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ username, reference: `fund-${username}`, amountMinor: 100_000 }),
  });
  expect(funded.status).toBe(200);
}

/** The member's booked bets, oldest first. */
export async function betsOf(t: TestApp, memberId: string) {
  const rows = await t.app.deps.db.kysely
    .selectFrom('game_bets')
    .select([
      'provider',
      'external_id',
      'username',
      'category',
      'stake_minor',
      'payout_minor',
      'placed_at',
    ])
    .where('member_id', '=', memberId)
    .orderBy('placed_at')
    .orderBy('external_id')
    .execute();
  return rows.map((r) => ({
    provider: r.provider,
    externalId: r.external_id,
    username: r.username,
    category: r.category,
    stakeMinor: BigInt(r.stake_minor),
    payoutMinor: BigInt(r.payout_minor),
    placedAt: r.placed_at,
  }));
}

export async function cursorOf(t: TestApp, provider: string, username = '') {
  const row = await t.app.deps.db.kysely
    .selectFrom('game_bet_cursors')
    .select('cursor')
    .where('provider', '=', provider)
    .where('username', '=', username)
    .executeTakeFirst();
  return row?.cursor;
}
