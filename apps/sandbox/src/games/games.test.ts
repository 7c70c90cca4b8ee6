import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildSandbox } from '../app.ts';

const auth = { authorization: 'Bearer sandbox-game-key' };

describe('game providers', () => {
  let app: FastifyInstance;
  beforeEach(async () => {
    app = await buildSandbox();
  });
  afterEach(async () => {
    await app.close();
  });

  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });
  const control = (url: string, payload: object) => app.inject({ method: 'POST', url, payload });
  const createMember = async (provider = 'PG', username = 'mk1001') => {
    const res = await call('POST', `/games/${provider}/members`, { username, password: 'secret1' });
    expect(res.statusCode).toBe(200);
    return res.json() as { username: string; password: string };
  };
  const balance = async (provider = 'PG', username = 'mk1001') =>
    (await call('GET', `/games/${provider}/members/${username}/balance`)).json()
      .balanceMinor as number;
  const deposit = (reference: string, amountMinor: number, username = 'mk1001') =>
    call('POST', '/games/PG/deposit', { username, reference, amountMinor });
  const withdraw = (reference: string, amountMinor: number, username = 'mk1001') =>
    call('POST', '/games/PG/withdraw', { username, reference, amountMinor });
  const status = async (reference: string) =>
    (await call('GET', `/games/PG/transfers/${reference}`)).json();

  it('creates a member with a zero balance and refuses a taken username', async () => {
    expect(await createMember()).toMatchObject({ username: 'mk1001', password: 'secret1' });
    expect(await balance()).toBe(0);
    const again = await call('POST', '/games/PG/members', { username: 'mk1001' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ status: 'error', code: 'USERNAME_TAKEN' });
  });

  it('makes up credentials when none are given, per provider', async () => {
    const res = await call('POST', '/games/joker/members', {});
    expect(res.statusCode).toBe(200);
    expect(res.json().username).toMatch(/^joker\d+$/);
    expect(res.json().password).toHaveLength(10);
    // accounts of one provider are unknown to another
    const other = await call('GET', `/games/PG/members/${res.json().username}/balance`);
    expect(other.statusCode).toBe(404);
  });

  it('knows all 16 providers and nothing else', async () => {
    const list = (await app.inject({ method: 'GET', url: '/sandbox/games' })).json() as {
      code: string;
    }[];
    expect(list.map((p) => p.code)).toEqual([
      'JOKER',
      'SEXYGAME',
      'BETFLIX',
      'ASKMEBET',
      'UFABET',
      'SUPERSLOT',
      'PG',
      'SLOTXO',
      'IMI',
      'USUN',
      'AREASLOT',
      'CIRCUS',
      'SLOTRACHA',
      'PGSLOT',
      'JOKER2',
      'HUAYHD',
    ]);
    const res = await call('POST', '/games/NOPE/members', {});
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('PROVIDER_NOT_FOUND');
  });

  it('requires the API key', async () => {
    const res = await app.inject({ method: 'POST', url: '/games/PG/members', payload: {} });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ status: 'error', code: 'UNAUTHORIZED' });
  });

  it('deposits and withdraws exactly once per reference', async () => {
    await createMember();
    const first = await deposit('ref-1', 10_000);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      status: 'success',
      reference: 'ref-1',
      type: 'deposit',
      username: 'mk1001',
      amountMinor: 10_000,
      balanceMinor: 10_000,
    });
    const repeat = await deposit('ref-1', 10_000);
    expect(repeat.json()).toEqual(first.json());
    expect(await balance()).toBe(10_000);

    expect((await withdraw('ref-2', 2_550)).json().balanceMinor).toBe(7_450);
    expect((await withdraw('ref-2', 2_550)).json().balanceMinor).toBe(7_450);
    expect(await balance()).toBe(7_450);
  });

  it('refuses a reused reference with other details and changes nothing', async () => {
    await createMember();
    await deposit('ref-1', 10_000);
    const res = await withdraw('ref-1', 10_000);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('REFERENCE_CONFLICT');
    expect(await balance()).toBe(10_000);
  });

  it('never lets a withdrawal overdraw and records the failure', async () => {
    await createMember();
    await deposit('ref-1', 1_000);
    const res = await withdraw('ref-2', 1_001);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      status: 'error',
      code: 'INSUFFICIENT_BALANCE',
      reference: 'ref-2',
    });
    expect(await balance()).toBe(1_000);
    expect(await status('ref-2')).toMatchObject({ status: 'failed', code: 'INSUFFICIENT_BALANCE' });
  });

  it('answers the status of any reference', async () => {
    await createMember();
    await deposit('ref-1', 500);
    expect(await status('ref-1')).toMatchObject({
      status: 'success',
      reference: 'ref-1',
      type: 'deposit',
      username: 'mk1001',
      amountMinor: 500,
      balanceMinor: 500,
    });
    expect(await status('never-sent')).toEqual({ status: 'not_found', reference: 'never-sent' });
  });

  it.each([
    [{ reference: 'r', amountMinor: 0 }, 'INVALID_AMOUNT'],
    [{ reference: 'r', amountMinor: 1.5 }, 'INVALID_AMOUNT'],
    [{ reference: 'r', amountMinor: '100' }, 'INVALID_AMOUNT'],
    [{ reference: '', amountMinor: 100 }, 'INVALID_REFERENCE'],
    [{ reference: 'a b', amountMinor: 100 }, 'INVALID_REFERENCE'],
  ])('refuses bad transfer input %j with %s, recording nothing', async (body, code) => {
    await createMember();
    const res = await call('POST', '/games/PG/deposit', { username: 'mk1001', ...body });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(code);
    expect(await balance()).toBe(0);
  });

  it('resets a password and launches with it only where the provider has launch links', async () => {
    await createMember();
    const reset = await call('POST', '/games/PG/members/mk1001/password', {});
    expect(reset.statusCode).toBe(200);
    const { password } = reset.json() as { password: string };
    expect(password).not.toBe('secret1');

    const wrong = await call('POST', '/games/PG/members/mk1001/launch', { password: 'secret1' });
    expect(wrong.statusCode).toBe(401);
    const launch = await call('POST', '/games/PG/members/mk1001/launch', { password });
    expect(launch.statusCode).toBe(200);
    const url = new URL(launch.json().url as string);
    expect(url.pathname).toBe('/games/PG/play');

    const pageRes = await app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(pageRes.body).toContain('mk1001');

    await createMember('JOKER');
    const unsupported = await call('POST', '/games/JOKER/members/mk1001/launch', {});
    expect(unsupported.statusCode).toBe(400);
    expect(unsupported.json().code).toBe('LAUNCH_NOT_SUPPORTED');
  });

  it('plays given rounds exactly, all or nothing', async () => {
    await createMember();
    await deposit('ref-1', 10_000);
    const played = await control('/sandbox/games/play', {
      provider: 'PG',
      username: 'mk1001',
      results: [
        { betMinor: 1_000, winMinor: 0 },
        { betMinor: 500, winMinor: 2_000 },
      ],
    });
    expect(played.json()).toMatchObject({
      status: 'success',
      balanceBeforeMinor: 10_000,
      balanceMinor: 10_500,
    });
    const tooBig = await control('/sandbox/games/play', {
      provider: 'PG',
      username: 'mk1001',
      results: [
        { betMinor: 10_500, winMinor: 0 },
        { betMinor: 1, winMinor: 0 },
      ],
    });
    expect(tooBig.statusCode).toBe(400);
    expect(await balance()).toBe(10_500);
  });

  it('plays random rounds without ever going below zero', async () => {
    await createMember();
    await deposit('ref-1', 5_000);
    const res = await control('/sandbox/games/play', {
      provider: 'PG',
      username: 'mk1001',
      rounds: 200,
      betMinor: 1_000,
    });
    const body = res.json() as {
      balanceMinor: number;
      rounds: { betMinor: number; winMinor: number }[];
    };
    const expected = body.rounds.reduce((b, r) => b - r.betMinor + r.winMinor, 5_000);
    expect(body.balanceMinor).toBe(expected);
    expect(body.balanceMinor).toBeGreaterThanOrEqual(0);
    expect(await balance()).toBe(expected);
  });

  it('plays in the background when switched on', async () => {
    await createMember();
    await deposit('ref-1', 100_000);
    const on = await control('/sandbox/games/autoplay', {
      enabled: true,
      intervalMs: 100,
      betMinor: 1_000,
    });
    expect(on.json()).toMatchObject({ enabled: true, intervalMs: 100 });
    await expect
      .poll(
        async () =>
          (
            await control('/sandbox/games/play', {
              provider: 'PG',
              username: 'mk1001',
              results: [{ betMinor: 0, winMinor: 0 }],
            })
          ).json().balanceBeforeMinor,
        { timeout: 5_000 },
      )
      .not.toBe(100_000);
    await control('/sandbox/games/autoplay', { enabled: false });
  });
});

describe('game provider faults', () => {
  let app: FastifyInstance;
  beforeEach(async () => {
    app = await buildSandbox();
    await app.inject({
      method: 'POST',
      url: '/games/PG/members',
      headers: auth,
      payload: { username: 'mk1001' },
    });
  });
  afterEach(async () => {
    await app.close();
  });

  const faults = (payload: object) =>
    app.inject({ method: 'POST', url: '/sandbox/games/faults', payload });
  const deposit = (reference: string) =>
    app.inject({
      method: 'POST',
      url: '/games/PG/deposit',
      headers: auth,
      payload: { username: 'mk1001', reference, amountMinor: 100 },
    });
  const status = async (reference: string) =>
    (
      await app.inject({ method: 'GET', url: `/games/PG/transfers/${reference}`, headers: auth })
    ).json().status as string;
  const balance = async () =>
    (
      await app.inject({ method: 'GET', url: '/games/PG/members/mk1001/balance', headers: auth })
    ).json().balanceMinor as number;

  it('plays queued outcomes in order: definite failure, 5xx before and after applying', async () => {
    await faults({ provider: 'PG', nextOutcomes: ['fail', 'error-before', 'error-after', 'ok'] });
    const failed = await deposit('a');
    expect(failed.statusCode).toBe(400);
    expect(failed.json().code).toBe('PROVIDER_REJECTED');
    expect(await status('a')).toBe('failed');

    expect((await deposit('b')).statusCode).toBe(500);
    expect(await status('b')).toBe('not_found');

    expect((await deposit('c')).statusCode).toBe(500);
    expect(await status('c')).toBe('success');

    expect((await deposit('d')).statusCode).toBe(200);
    expect(await balance()).toBe(200);
  });

  it('times out after applying: the late answer is a 504 but the status says success', async () => {
    await faults({ provider: 'PG', hangMs: 50, nextOutcomes: ['timeout-after', 'timeout-before'] });
    expect((await deposit('a')).statusCode).toBe(504);
    expect(await status('a')).toBe('success');
    expect((await deposit('b')).statusCode).toBe(504);
    expect(await status('b')).toBe('not_found');
    expect(await balance()).toBe(100);
  });

  it('fails every call at failure rate 1, only for the chosen provider, until cleared', async () => {
    await faults({ provider: 'PG', failureRate: 1 });
    const created = await app.inject({
      method: 'POST',
      url: '/games/PG/members',
      headers: auth,
      payload: {},
    });
    expect(created.statusCode).toBe(503);
    const joker = await app.inject({
      method: 'POST',
      url: '/games/JOKER/members',
      headers: auth,
      payload: {},
    });
    expect(joker.statusCode).toBe(200);
    await app.inject({
      method: 'POST',
      url: '/sandbox/games/faults/clear',
      payload: { provider: 'PG' },
    });
    expect((await deposit('x')).statusCode).toBe(200);
  });

  it('keeps the money exact under random unknown outcomes: applied transfers are exactly the successful statuses', async () => {
    // A seeded random source makes this run the same every time.
    let seed = 42;
    const seeded = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    await app.close();
    app = await buildSandbox({ random: seeded });
    await app.inject({
      method: 'POST',
      url: '/games/PG/members',
      headers: auth,
      payload: { username: 'mk1001' },
    });
    await faults({
      failureRate: 0.2,
      unknownRate: 0.4,
      unknownModes: ['error-before', 'error-after'],
    });
    const codes: number[] = [];
    for (let i = 0; i < 100; i += 1) codes.push((await deposit(`r${i}`)).statusCode);
    await app.inject({ method: 'POST', url: '/sandbox/games/faults/clear', payload: {} });
    let applied = 0;
    for (let i = 0; i < 100; i += 1) if ((await status(`r${i}`)) === 'success') applied += 1;
    expect(await balance()).toBe(applied * 100);
    expect(codes.filter((c) => c === 200).length).toBeLessThanOrEqual(applied);
    expect(new Set(codes).size).toBeGreaterThan(1);
  });

  it('refuses rates adding up to more than 1', async () => {
    const res = await faults({ failureRate: 0.6, unknownRate: 0.5 });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('RATES_OVER_ONE');
  });
});
