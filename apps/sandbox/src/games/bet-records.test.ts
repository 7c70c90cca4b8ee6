import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildSandbox } from '../app.ts';

const auth = { authorization: 'Bearer sandbox-game-key' };
const START = Date.parse('2026-11-02T03:00:00.000Z');

type BetPage = {
  status: string;
  records: {
    id: string;
    username: string;
    category: string;
    stakeMinor: number;
    payoutMinor: number;
    placedAt: string;
  }[];
  cursor: string;
  hasMore: boolean;
};

describe('game providers: bet records', () => {
  let app: FastifyInstance;
  let now = START;
  beforeEach(async () => {
    now = START;
    app = await buildSandbox({ now: () => now });
  });
  afterEach(async () => {
    await app.close();
  });

  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });
  const fund = async (provider: string, username: string, amountMinor = 100_000) => {
    expect((await call('POST', `/games/${provider}/members`, { username })).statusCode).toBe(200);
    const res = await call('POST', `/games/${provider}/deposit`, {
      username,
      reference: `fund-${provider}-${username}`,
      amountMinor,
    });
    expect(res.statusCode).toBe(200);
  };
  const play = (provider: string, username: string, body: object) =>
    app.inject({
      method: 'POST',
      url: '/sandbox/games/play',
      payload: { provider, username, ...body },
    });
  const bets = async (provider: string, query: Record<string, string | number> = {}) => {
    const search = new URLSearchParams(
      Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
    ).toString();
    const res = await call('GET', `/games/${provider}/bets${search ? `?${search}` : ''}`);
    return { statusCode: res.statusCode, body: res.json() as BetPage };
  };

  it('records every round of a play with the provider category, stake, payout and time', async () => {
    await fund('PG', 'mk1001');
    now += 60_000;
    const results = [
      { betMinor: 1_000, winMinor: 0 },
      { betMinor: 500, winMinor: 2_000 },
    ];
    expect((await play('PG', 'mk1001', { results })).statusCode).toBe(200);
    const { statusCode, body } = await bets('PG');
    expect(statusCode).toBe(200);
    expect(body.status).toBe('success');
    expect(body.hasMore).toBe(false);
    expect(body.records.map(({ id: _id, ...r }) => r)).toEqual([
      {
        username: 'mk1001',
        category: 'slot',
        stakeMinor: 1_000,
        payoutMinor: 0,
        placedAt: '2026-11-02T03:01:00.000Z',
      },
      {
        username: 'mk1001',
        category: 'slot',
        stakeMinor: 500,
        payoutMinor: 2_000,
        placedAt: '2026-11-02T03:01:00.000Z',
      },
    ]);
    expect(new Set(body.records.map((r) => r.id)).size).toBe(2);

    // Another provider's category and its own history.
    await fund('UFABET', 'mk1001');
    await play('UFABET', 'mk1001', { results: [{ betMinor: 300, winMinor: 600 }] });
    const sport = await bets('UFABET');
    expect(sport.body.records).toMatchObject([{ category: 'sport', stakeMinor: 300 }]);
    expect((await bets('PG')).body.records).toHaveLength(2);
  });

  it('records a play dated in the past (playedAt, at most 60 days back), for trying weekly refunds', async () => {
    await fund('PG', 'mk1001');
    const lastWeek = new Date(START - 7 * 86_400_000).toISOString();
    const played = await play('PG', 'mk1001', {
      results: [{ betMinor: 1_000, winMinor: 0 }],
      playedAt: lastWeek,
    });
    expect(played.statusCode).toBe(200);
    expect((await bets('PG')).body.records).toMatchObject([{ stakeMinor: 1_000, placedAt: lastWeek }]);

    for (const playedAt of [
      new Date(START + 60_000).toISOString(),
      new Date(START - 61 * 86_400_000).toISOString(),
      'last week',
    ]) {
      const refused = await play('PG', 'mk1001', { results: [{ betMinor: 1, winMinor: 0 }], playedAt });
      expect(refused.statusCode).toBe(400);
    }
    expect((await bets('PG')).body.records).toHaveLength(1);
  });

  it('records random rounds and the play page alike', async () => {
    await fund('PG', 'mk1001');
    const random = (await play('PG', 'mk1001', { rounds: 5, betMinor: 1_000 })).json() as {
      rounds: { betMinor: number; winMinor: number }[];
    };
    const records = (await bets('PG')).body.records;
    expect(records.map((r) => [r.stakeMinor, r.payoutMinor])).toEqual(
      random.rounds.map((r) => [r.betMinor, r.winMinor]),
    );

    const launch = await call('POST', '/games/PG/members/mk1001/launch', {});
    const url = new URL(launch.json().url as string);
    const spin = await app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      payload: { bet: '10' },
    });
    expect(spin.statusCode).toBe(200);
    const afterSpin = (await bets('PG')).body.records;
    expect(afterSpin).toHaveLength(records.length + 1);
    expect(afterSpin.at(-1)?.stakeMinor).toBe(1_000);
  });

  it('records background play', async () => {
    await fund('PG', 'mk1001');
    await app.inject({
      method: 'POST',
      url: '/sandbox/games/autoplay',
      payload: { enabled: true, intervalMs: 100, betMinor: 700 },
    });
    await expect
      .poll(async () => (await bets('PG')).body.records.length, { timeout: 5_000 })
      .toBeGreaterThan(0);
    await app.inject({
      method: 'POST',
      url: '/sandbox/games/autoplay',
      payload: { enabled: false },
    });
    expect((await bets('PG')).body.records[0]).toMatchObject({
      username: 'mk1001',
      stakeMinor: 700,
    });
  });

  it('leaves no record of a refused play', async () => {
    await fund('PG', 'mk1001', 1_000);
    const res = await play('PG', 'mk1001', {
      results: [
        { betMinor: 1_000, winMinor: 0 },
        { betMinor: 1, winMinor: 0 },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect((await bets('PG')).body.records).toEqual([]);
  });

  it('pages with an increasing cursor, for all accounts or for one', async () => {
    await fund('PG', 'mk1001');
    await fund('PG', 'mk1002');
    for (let i = 0; i < 3; i += 1) {
      await play('PG', 'mk1001', { results: [{ betMinor: 100 + i, winMinor: 0 }] });
      await play('PG', 'mk1002', { results: [{ betMinor: 200 + i, winMinor: 0 }] });
    }
    // All accounts, two at a time.
    const seen: number[] = [];
    let cursor = '';
    for (let page = 0; page < 10; page += 1) {
      const { body } = await bets('PG', { limit: 2, ...(cursor ? { cursor } : {}) });
      seen.push(...body.records.map((r) => r.stakeMinor));
      cursor = body.cursor;
      if (!body.hasMore) break;
    }
    expect(seen).toEqual([100, 200, 101, 201, 102, 202]);
    // Nothing new after the last cursor; a new bet shows up after it.
    expect((await bets('PG', { cursor })).body.records).toEqual([]);
    await play('PG', 'mk1002', { results: [{ betMinor: 999, winMinor: 0 }] });
    expect((await bets('PG', { cursor })).body.records.map((r) => r.stakeMinor)).toEqual([999]);

    // One account: its records only, the cursor past the others' too.
    const first = await bets('PG', { username: 'mk1001', limit: 2 });
    expect(first.body.records.map((r) => r.stakeMinor)).toEqual([100, 101]);
    expect(first.body.hasMore).toBe(true);
    const second = await bets('PG', { username: 'mk1001', cursor: first.body.cursor });
    expect(second.body.records.map((r) => r.stakeMinor)).toEqual([102]);
    expect(second.body.hasMore).toBe(false);
    expect(
      (await bets('PG', { username: 'mk1001', cursor: second.body.cursor })).body.records,
    ).toEqual([]);
  });

  it('reads a cursor of another sandbox run from the start and refuses a malformed one', async () => {
    await fund('PG', 'mk1001');
    await play('PG', 'mk1001', { results: [{ betMinor: 100, winMinor: 0 }] });
    const { body } = await bets('PG', { cursor: '000000000000:5' });
    expect(body.records).toHaveLength(1);
    const bad = await bets('PG', { cursor: 'nonsense' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatchObject({ status: 'error', code: 'INVALID_CURSOR' });
  });

  it.each([
    [{ limit: 0 }, 400, 'INVALID_PARAMS'],
    [{ limit: 1001 }, 400, 'INVALID_PARAMS'],
    [{ username: 'a b' }, 400, 'INVALID_PARAMS'],
    [{ username: 'nobody' }, 404, 'USER_NOT_FOUND'],
  ])('refuses %j with %s %s', async (query, statusCode, code) => {
    const res = await bets('PG', query);
    expect(res.statusCode).toBe(statusCode);
    expect(res.body).toMatchObject({ status: 'error', code });
  });

  it('requires the API key, knows only its providers, and answers faults like its other calls', async () => {
    const noKey = await app.inject({ method: 'GET', url: '/games/PG/bets' });
    expect(noKey.statusCode).toBe(401);
    expect((await bets('NOPE')).statusCode).toBe(404);
    await app.inject({
      method: 'POST',
      url: '/sandbox/games/faults',
      payload: { provider: 'PG', failureRate: 1 },
    });
    expect((await bets('PG')).statusCode).toBe(503);
    expect((await bets('JOKER')).statusCode).toBe(200);
  });

  it('lists the records for people, newest first', async () => {
    await fund('PG', 'mk1001');
    await play('PG', 'mk1001', { results: [{ betMinor: 100, winMinor: 0 }] });
    now += 1_000;
    await play('PG', 'mk1001', { results: [{ betMinor: 200, winMinor: 0 }] });
    const res = await app.inject({ method: 'GET', url: '/sandbox/games/bets?provider=pg' });
    expect((res.json() as { stakeMinor: number }[]).map((r) => r.stakeMinor)).toEqual([200, 100]);
    const none = await app.inject({ method: 'GET', url: '/sandbox/games/bets?provider=JOKER' });
    expect(none.json()).toEqual([]);
  });
});
