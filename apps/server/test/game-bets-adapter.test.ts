import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GameProviderError } from '@/adapters/games/game-provider.ts';
import { createHttpGameProvider } from '@/adapters/games/http-game-provider.ts';
import { play, playingMember } from './support/game-bets.ts';
import { clearGameFaults, setGameFaults } from './support/money.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/** The game provider adapter's bet records call (docs/decisions/0013-promotions.md) against the sandbox providers. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await clearGameFaults(t);
});
afterAll(async () => {
  await t?.close();
});

describe('bet records call of the HTTP adapter', () => {
  const adapter = (timeoutMs = 2_000) =>
    createHttpGameProvider({
      baseUrl: `${t.sandboxUrl}/games`,
      apiKey: t.config.GAME_API_KEY,
      timeoutMs,
    });

  it('reads pages with bigint amounts and a cursor', async () => {
    const m = await playingMember(t, ['CIRCUS']);
    const username = m.usernames.CIRCUS ?? '';
    await play(t, 'CIRCUS', username, [
      { betMinor: 1, winMinor: 0 },
      { betMinor: 2, winMinor: 5 },
      { betMinor: 3, winMinor: 0 },
    ]);
    const first = await adapter().betRecords('CIRCUS', { cursor: null, username, limit: 2 });
    expect(first.records.map((r) => [r.stakeMinor, r.payoutMinor, r.category])).toEqual([
      [1n, 0n, 'casino'],
      [2n, 5n, 'casino'],
    ]);
    expect(first.records[0]?.placedAt).toBeInstanceOf(Date);
    expect(first.hasMore).toBe(true);
    const second = await adapter().betRecords('CIRCUS', { cursor: first.cursor, limit: 2 });
    expect(second.records.map((r) => r.stakeMinor)).toEqual([3n]);
    expect(second.hasMore).toBe(false);
  });

  it('throws GameProviderError with the provider code, TIMEOUT or the HTTP status', async () => {
    const codeOf = (p: Promise<unknown>) =>
      p.then(
        () => 'no error',
        (e: unknown) => (e instanceof GameProviderError ? e.code : String(e)),
      );
    expect(
      await codeOf(adapter().betRecords('PG', { cursor: null, username: 'nobody', limit: 10 })),
    ).toBe('USER_NOT_FOUND');
    expect(await codeOf(adapter().betRecords('PG', { cursor: 'bad', limit: 10 }))).toBe(
      'INVALID_CURSOR',
    );
    await setGameFaults(t, { provider: 'PG', failureRate: 1 });
    expect(await codeOf(adapter().betRecords('PG', { cursor: null, limit: 10 }))).toBe(
      'SERVICE_UNAVAILABLE',
    );
    await setGameFaults(t, { provider: 'PG', failureRate: 0, latencyMs: 1_000 });
    expect(await codeOf(adapter(200).betRecords('PG', { cursor: null, limit: 10 }))).toBe(
      'TIMEOUT',
    );
  });
});
