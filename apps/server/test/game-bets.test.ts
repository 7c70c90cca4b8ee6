import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BetRecordPage, GameProvider } from '@/adapters/games/game-provider.ts';
import { GAME_SYNC_JOB } from '@/jobs/game-jobs.ts';
import { createGamesService } from '@/modules/games/games.service.ts';
import { betsOf, cursorOf, play, playingMember, strangerAccount } from './support/game-bets.ts';
import {
  clearGameFaults,
  expectLedgerConsistent,
  sandboxBalance,
  setGameFaults,
} from './support/money.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * Bet records (docs/decisions/0013-promotions.md): the providers' betting history booked into game_bets by the game
 * sync job and the member's manual refresh, each record once, the cursor moved with the records; no money moves.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await clearGameFaults(t);
  vi.restoreAllMocks();
});
afterAll(async () => {
  await t?.close();
});

const games = () => t.app.moneyCore.games;
const transferCount = () => t.countRows('ledger_transfers');

type Call = { history: string; cursor: string | null; start: number; end: number };

/**
 * A second "process": its own games service on the same database, its adapter answering slowly; each bet records
 * call (which history: provider and account or '*', the cursor, when it ran) is written to `calls`.
 */
function slowInstance(onCall?: () => Promise<void>, calls: Call[] = []) {
  const slow: GameProvider = {
    ...t.app.deps.games,
    async betRecords(provider, input) {
      const call = {
        history: `${provider} ${input.username ?? '*'}`,
        cursor: input.cursor,
        start: performance.now(),
        end: Infinity,
      };
      calls.push(call);
      await sleep(100);
      await onCall?.();
      try {
        return await t.app.deps.games.betRecords(provider, input);
      } finally {
        call.end = performance.now();
      }
    },
  };
  return createGamesService({ ...t.app.deps, games: slow });
}

/** Calls reading the same history at the same time (what the leases rule out). */
function overlapping(calls: readonly Call[]): Call[][] {
  return calls.flatMap((a, i) =>
    calls
      .slice(i + 1)
      .filter((b) => a.history === b.history && a.start < b.end && b.start < a.end)
      .map((b) => [a, b]),
  );
}

describe('bet records', () => {
  it('the sync job books every round once, with the member, category, stake, payout and time', async () => {
    const m = await playingMember(t, ['PG', 'UFABET']);
    await play(t, 'PG', m.usernames.PG ?? '', [
      { betMinor: 1_000, winMinor: 0 },
      { betMinor: 500, winMinor: 2_000 },
    ]);
    t.clock.advance(60_000);
    await play(t, 'UFABET', m.usernames.UFABET ?? '', [{ betMinor: 300, winMinor: 600 }]);

    await t.app.jobs.runNow(GAME_SYNC_JOB);
    const booked = await betsOf(t, m.memberId);
    expect(booked.map(({ externalId: _id, ...b }) => b)).toEqual([
      {
        provider: 'PG',
        username: m.usernames.PG,
        category: 'slot',
        stakeMinor: 1_000n,
        payoutMinor: 0n,
        placedAt: new Date('2026-11-02T03:00:00.000Z'),
      },
      {
        provider: 'PG',
        username: m.usernames.PG,
        category: 'slot',
        stakeMinor: 500n,
        payoutMinor: 2_000n,
        placedAt: new Date('2026-11-02T03:00:00.000Z'),
      },
      {
        provider: 'UFABET',
        username: m.usernames.UFABET,
        category: 'sport',
        stakeMinor: 300n,
        payoutMinor: 600n,
        placedAt: new Date('2026-11-02T03:01:00.000Z'),
      },
    ]);
    // The same job synced the balances: the results are booked once, by the balance sync.
    const balances = await t.app.deps.db.kysely
      .selectFrom('ledger_accounts')
      .select(['provider', 'balance'])
      .where('member_id', '=', m.memberId)
      .where('kind', '=', 'game')
      .execute();
    for (const b of balances)
      expect(BigInt(b.balance)).toBe(
        await sandboxBalance(t, b.provider ?? '', m.usernames[b.provider ?? ''] ?? ''),
      );
    await expectLedgerConsistent(t.app.deps.db);
  });

  it('a second run books nothing again; the cursor moves only with new records; no money moves', async () => {
    const m = await playingMember(t, ['PG']);
    const username = m.usernames.PG ?? '';
    await play(t, 'PG', username, [{ betMinor: 100, winMinor: 0 }]);
    await games().syncAllBets();
    const cursor = await cursorOf(t, 'PG');
    expect(cursor).toMatch(/^[0-9a-f]{12}:\d+$/);
    const transfers = await transferCount();

    const again = await games().syncAllBets();
    expect(again.booked).toBe(0);
    expect(await cursorOf(t, 'PG')).toBe(cursor);
    expect(await betsOf(t, m.memberId)).toHaveLength(1);

    await play(t, 'PG', username, [{ betMinor: 200, winMinor: 50 }]);
    const next = await games().syncAllBets();
    expect(next.booked).toBe(1);
    const moved = await cursorOf(t, 'PG');
    expect(Number(moved?.split(':')[1])).toBeGreaterThan(Number(cursor?.split(':')[1]));
    expect((await betsOf(t, m.memberId)).map((b) => b.stakeMinor)).toEqual([100n, 200n]);
    // Bet records are information: the ledger did not change.
    expect(await transferCount()).toBe(transfers);
  });

  it('the member refresh books that member’s records at once, on the account’s own cursor', async () => {
    const a = await playingMember(t, ['PG', 'SEXYGAME']);
    const b = await playingMember(t, ['PG']);
    await play(t, 'PG', a.usernames.PG ?? '', [{ betMinor: 700, winMinor: 0 }]);
    t.clock.advance(1_000);
    await play(t, 'SEXYGAME', a.usernames.SEXYGAME ?? '', [{ betMinor: 800, winMinor: 1_600 }]);
    await play(t, 'PG', b.usernames.PG ?? '', [{ betMinor: 900, winMinor: 0 }]);

    const res = await t.api('GET', '/api/wallet/refresh/slot', { token: a.token });
    expect(res.statusCode).toBe(200);
    expect((await betsOf(t, a.memberId)).map((x) => [x.category, x.stakeMinor])).toEqual([
      ['slot', 700n],
      ['casino', 800n],
    ]);
    expect(await cursorOf(t, 'PG', a.usernames.PG)).toBeDefined();
    // Only the refreshing member's accounts were read.
    expect(await betsOf(t, b.memberId)).toEqual([]);

    // The job later reads the whole provider: b's record now, a's not again.
    await games().syncAllBets();
    expect(await betsOf(t, b.memberId)).toHaveLength(1);
    expect(await betsOf(t, a.memberId)).toHaveLength(2);
  });

  it('a provider that does not answer leaves the cursor and the refresh still answers', async () => {
    const m = await playingMember(t, ['PG']);
    await play(t, 'PG', m.usernames.PG ?? '', [{ betMinor: 100, winMinor: 0 }]);
    await setGameFaults(t, { provider: 'PG', failureRate: 1 });
    const summary = await games().syncMemberBets(m.memberId);
    expect(summary.failed).toBe(1);
    expect(await cursorOf(t, 'PG', m.usernames.PG)).toBeUndefined();
    expect((await games().syncAllBets()).failed).toBe(1);
    await clearGameFaults(t);
    expect((await t.api('GET', '/api/wallet/refresh/slot', { token: m.token })).statusCode).toBe(
      200,
    );
    expect(await betsOf(t, m.memberId)).toHaveLength(1);
  });

  it('skips and logs a record of an account the server does not know, and reads on past it', async () => {
    const m = await playingMember(t, ['JOKER']);
    await strangerAccount(t, 'JOKER', 'stranger01');
    await play(t, 'JOKER', 'stranger01', [{ betMinor: 100, winMinor: 0 }]);
    await play(t, 'JOKER', m.usernames.JOKER ?? '', [{ betMinor: 400, winMinor: 0 }]);
    const warn = vi.spyOn(t.app.deps.log, 'warn');
    const summary = await games().syncAllBets();
    expect(summary.skipped).toBe(1);
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ provider: 'JOKER', username: 'stranger01' }),
      'bet record of an unknown game account skipped',
    );
    expect(await betsOf(t, m.memberId)).toHaveLength(1);
    const strangers = await t.app.deps.db.kysely
      .selectFrom('game_bets')
      .select('id')
      .where('username', '=', 'stranger01')
      .execute();
    expect(strangers).toEqual([]);
    // Past it for good: the next run does not meet it again.
    expect((await games().syncAllBets()).skipped).toBe(0);
  });

  it('two processes syncing at once, with member refreshes, book each record once', async () => {
    const m = await playingMember(t, ['PG', 'JOKER', 'UFABET'], 1_000);
    for (const code of ['PG', 'JOKER', 'UFABET'])
      await play(
        t,
        code,
        m.usernames[code] ?? '',
        Array.from({ length: 30 }, (_, i) => ({
          betMinor: 100 + i,
          winMinor: i % 3 === 0 ? 50 : 0,
        })),
      );
    const calls: Call[] = [];
    const [one, two] = [slowInstance(undefined, calls), slowInstance(undefined, calls)];
    const rowsBefore = await t.countRows('game_bets');
    const runs = await Promise.all([
      one.syncAllBets(),
      two.syncAllBets(),
      ...Array.from({ length: 5 }, () => one.syncMemberBets(m.memberId)),
      ...Array.from({ length: 5 }, () => two.syncMemberBets(m.memberId)),
    ]);
    expect(runs.reduce((n, r) => n + r.failed, 0)).toBe(0);
    const booked = await betsOf(t, m.memberId);
    expect(booked).toHaveLength(90);
    expect(new Set(booked.map((b) => `${b.provider}:${b.externalId}`)).size).toBe(90);
    // What the runs report as booked adds up to the new rows: nobody counted a record twice.
    expect(runs.reduce((n, r) => n + r.booked, 0)).toBe(
      (await t.countRows('game_bets')) - rowsBefore,
    );
    // The leases: no history was read by two readers at once, and the first page of each only once.
    expect(calls.length).toBeGreaterThan(0);
    expect(overlapping(calls)).toEqual([]);
    const firstReads = calls.filter((c) => c.cursor === null).map((c) => c.history);
    expect(firstReads.filter((h, i) => firstReads.indexOf(h) !== i)).toEqual([]);
    expect(await games().syncAllBets()).toMatchObject({ booked: 0 });
  });

  it('100 parallel refreshes of one member with two sync jobs: each record once, the ledger whole', async () => {
    const m = await playingMember(t, ['PG', 'JOKER'], 1_000);
    for (const code of ['PG', 'JOKER'])
      await play(
        t,
        code,
        m.usernames[code] ?? '',
        Array.from({ length: 20 }, (_, i) => ({
          betMinor: 50 + i,
          winMinor: i % 2 === 0 ? 80 : 0,
        })),
      );
    const responses = await Promise.all([
      ...Array.from({ length: 100 }, () =>
        t.api('GET', '/api/wallet/refresh/slot', { token: m.token }),
      ),
      slowInstance().syncAllBets(),
      slowInstance().syncAllBets(),
    ]);
    for (const r of responses.slice(0, 100))
      expect((r as { statusCode: number }).statusCode).toBe(200);
    // A read that timed out on a loaded machine is caught up by the next run; what counts is that none is twice.
    await games().syncAllBets();
    const booked = await betsOf(t, m.memberId);
    expect(booked).toHaveLength(40);
    expect(new Set(booked.map((b) => `${b.provider}:${b.externalId}`)).size).toBe(40);
    await expectLedgerConsistent(t.app.deps.db);

    // Every lease was let go: the next refresh books the next round at once.
    await play(t, 'PG', m.usernames.PG ?? '', [{ betMinor: 1, winMinor: 0 }]);
    expect((await t.api('GET', '/api/wallet/refresh/slot', { token: m.token })).statusCode).toBe(
      200,
    );
    expect(await betsOf(t, m.memberId)).toHaveLength(41);
  });

  it('follows hasMore page after page, books a record repeated within a page once, and keeps categories lower case', async () => {
    const m = await playingMember(t, ['AREASLOT']);
    const username = m.usernames.AREASLOT ?? '';
    const record = (id: string, stake: bigint) => ({
      id,
      username,
      category: 'SLOT',
      stakeMinor: stake,
      payoutMinor: 0n,
      placedAt: t.clock.now(),
    });
    const pages: Record<string, BetRecordPage> = {
      start: { records: [record('r1', 1n), record('r2', 2n)], cursor: 'c1', hasMore: true },
      c1: { records: [record('r3', 3n), record('r3', 3n)], cursor: 'c2', hasMore: true },
      c2: { records: [record('r4', 4n)], cursor: 'c3', hasMore: false },
    };
    const asked: (string | null)[] = [];
    const paged = createGamesService({
      ...t.app.deps,
      games: {
        ...t.app.deps.games,
        async betRecords(provider, input) {
          expect(provider).toBe('AREASLOT');
          asked.push(input.cursor);
          const page = pages[input.cursor ?? 'start'];
          if (!page) throw new Error(`unexpected cursor ${input.cursor}`);
          return page;
        },
      },
    });
    const summary = await paged.syncMemberBets(m.memberId);
    expect(asked).toEqual([null, 'c1', 'c2']);
    expect(summary).toMatchObject({ read: 5, booked: 4, duplicates: 1, skipped: 0 });
    expect(
      (await betsOf(t, m.memberId)).map((b) => [b.externalId, b.category, b.stakeMinor]),
    ).toEqual([
      ['r1', 'slot', 1n],
      ['r2', 'slot', 2n],
      ['r3', 'slot', 3n],
      ['r4', 'slot', 4n],
    ]);
    expect(await cursorOf(t, 'AREASLOT', username)).toBe('c3');
  });

  it('a page whose cursor another reader moved meanwhile is rolled back, the other cursor kept', async () => {
    const m = await playingMember(t, ['PGSLOT']);
    await play(t, 'PGSLOT', m.usernames.PGSLOT ?? '', [{ betMinor: 100, winMinor: 0 }]);
    const before = await cursorOf(t, 'PGSLOT');
    const intruder = slowInstance(async () => {
      // While this reader waits for the provider, another one moves the cursor.
      await t.app.deps.db.kysely
        .insertInto('game_bet_cursors')
        .values({ provider: 'PGSLOT', username: '', cursor: 'elsewhere:0', updated_at: new Date() })
        .onConflict((oc) =>
          oc.columns(['provider', 'username']).doUpdateSet({ cursor: 'elsewhere:0' }),
        )
        .execute();
    });
    expect(before).toBeUndefined();
    await intruder.syncAllBets();
    expect(await betsOf(t, m.memberId)).toEqual([]);
    expect(await cursorOf(t, 'PGSLOT')).toBe('elsewhere:0');
  });
});
