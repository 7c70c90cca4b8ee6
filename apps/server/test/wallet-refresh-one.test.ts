import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walletResponseSchema, type WalletResponse } from '@mekong/contracts/wallet';
import { createTestApp, type TestApp } from './support/test-app.ts';
import {
  creditCash,
  expectLedgerConsistent,
  moneyCall,
  sandboxPost,
  walletMember,
} from './support/money.ts';

/**
 * Issue 28 item 7: back from a game, the member's balance of that game is read from the provider itself (GET
 * /api/wallet/refresh/slot/:code), not the last synced figure that GET /api/wallet shows
 * (docs/decisions/0023-prize-claim-and-game-return.md).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await expectLedgerConsistent(t.app.deps.db);
  await t?.close();
});

type Member = Awaited<ReturnType<typeof walletMember>>;

async function wallet(token: string, url = '/api/wallet'): Promise<WalletResponse> {
  const response = await t.api('GET', url, { token });
  expect(response.statusCode, response.body).toBe(200);
  return walletResponseSchema.parse(response.json());
}

async function fundedMember(providers: string[]): Promise<Member> {
  const m = await walletMember(t);
  await creditCash(t.app.deps.db, m.memberId, 1000_00n);
  for (const code of providers) {
    const response = await t.api('GET', `/api/wallet/activate/${code}`, { token: m.token });
    expect(response.statusCode, response.body).toBe(200);
  }
  return m;
}

async function usernameAt(m: Member, code: string): Promise<string> {
  const response = await t.api('GET', `/api/wallet/account/${code}`, { token: m.token });
  return (response.json() as { username: string }).username;
}

const amountAt = (w: WalletResponse, code: string) => w.slots.find((s) => s.code === code)?.amount;

describe(`one game balance from its provider (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('asks that provider, books the difference, answers the whole wallet; other games are left as they were', async () => {
    const m = await fundedMember(['PG', 'JOKER']);
    for (const to of ['PG', 'JOKER']) {
      const moved = await moneyCall(t, '/api/wallet/transfer', m.token, { from: 'wallet', to, amount: 300 });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    // The member plays at both providers; the wallet read shows the last synced figures.
    for (const provider of ['PG', 'JOKER'])
      await sandboxPost(t, '/sandbox/games/play', {
        provider,
        username: await usernameAt(m, provider),
        results: [{ betMinor: 20_00, winMinor: 1_36 }],
      });
    expect(amountAt(await wallet(m.token), 'PG')).toBe(300);
    t.clock.advance(1_000);

    const fresh = await wallet(m.token, '/api/wallet/refresh/slot/pg');
    expect(amountAt(fresh, 'PG')).toBe(281.36);
    expect(amountAt(fresh, 'JOKER')).toBe(300);
    expect(fresh.overall.total).toBe(400 + 281.36 + 300);
    // Booked, so the plain read agrees from now on.
    expect(amountAt(await wallet(m.token), 'PG')).toBe(281.36);
  });

  it('an unknown game is NO_GAME; a game without an account answers the wallet unchanged', async () => {
    const m = await fundedMember(['PG']);
    const unknown = await t.api('GET', '/api/wallet/refresh/slot/NOPE', { token: m.token });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'NO_GAME' });
    const none = await wallet(m.token, '/api/wallet/refresh/slot/JOKER');
    expect(none.overall.total).toBe(1000);
    const anonymous = await t.api('GET', '/api/wallet/refresh/slot/PG');
    expect(anonymous.statusCode).toBe(401);
  });
});
