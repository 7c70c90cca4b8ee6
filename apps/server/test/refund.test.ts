import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { saveSetting } from '@/modules/settings/settings.repository.ts';
import type { SettingValue } from '@/modules/settings/settings.schema.ts';
import { getHouseBalance } from '@/modules/ledger/ledger-audit.ts';
import { cashOf, statementOf } from './support/bank.ts';
import { activate, addBonus } from './support/bonus.ts';
import { play, playingMember, type Round } from './support/game-bets.ts';
import { login } from './support/members.ts';
import { creditCash, expectLedgerConsistent, moneyCall } from './support/money.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * Refund of losses (docs/decisions/0013-promotions.md#refund-of-losses). Bets are played at the sandbox provider at
 * the test clock's time and booked by the member's bet sync; weeks run Monday 00:00 to Monday 00:00 in Bangkok. The
 * clock only moves forward, each test in weeks of its own.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** A time in Bangkok (UTC+7), e.g. '2026-11-15T23:59'. */
const bangkok = (local: string) => new Date(`${local}:00+07:00`);

async function setRefund(value: Partial<SettingValue<'refund'>>) {
  await saveSetting(
    t.app.deps.db.kysely,
    'refund',
    {
      enabled: true,
      percent: 5,
      minimumMinor: 1_00,
      maximumMinor: 5_000_00,
      banners: [],
      ...value,
    },
    t.clock.now(),
  );
}

beforeEach(async () => {
  await setRefund({});
});

type Player = Awaited<ReturnType<typeof playingMember>>;

async function playAt(m: Player, at: string, rounds: Round[]) {
  t.clock.set(bangkok(at));
  await play(t, 'PG', m.usernames.PG ?? '', rounds);
}

/** Syncs the game balance and books the bets played, as the member's refresh does. */
const sync = (m: Player) => t.app.moneyCore.games.syncMember(m.memberId);

/** Books what was played, moves the clock to `at` and signs in again (sessions idle out after 7 days). */
async function bookAndMoveTo(m: Player, at: string) {
  await sync(m);
  t.clock.set(bangkok(at));
  return login(t, m.username);
}

type Check = {
  result: boolean;
  bonus: boolean;
  info: {
    percent: number;
    minimum: number;
    maximum: number | null;
    weekStart: string;
    weekEnd: string;
    netLoss: number;
    isReceived: boolean;
  };
  refundAmount: number;
  refundSuccess: number;
  refundFail: number;
};

async function check(token: string): Promise<Check> {
  const response = await t.api('GET', '/api/refund/check', { token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Check;
}

const receive = (token: string, path: 'receive' | 'addWallet' = 'receive') =>
  t.api('GET', `/api/refund/${path}`, { token });

const messageOf = (response: { json(): unknown }) =>
  (response.json() as { message: string }).message;

describe('the refund of last week’s net loss', () => {
  it('counts Sunday 23:59 in its week and Monday 00:00 in the next; received once; lapses after its week', async () => {
    t.clock.set(bangkok('2026-11-15T23:00'));
    const m = await playingMember(t, ['PG']);
    // Sunday 23:59 Bangkok: lost 100 baht in the week of Monday 9 November.
    await playAt(m, '2026-11-15T23:59', [{ betMinor: 100_00, winMinor: 0 }]);
    // Monday 00:00: lost 50 baht in the week of Monday 16 November.
    await playAt(m, '2026-11-16T00:00', [{ betMinor: 50_00, winMinor: 0 }]);
    let token = await bookAndMoveTo(m, '2026-11-18T12:00');

    expect(await check(token)).toEqual({
      result: true,
      bonus: false,
      info: {
        percent: 5,
        minimum: 1,
        maximum: 5_000,
        weekStart: '2026-11-08T17:00:00.000Z',
        weekEnd: '2026-11-15T17:00:00.000Z',
        netLoss: 100,
        isReceived: false,
      },
      refundAmount: 5,
      refundSuccess: 0,
      refundFail: 0,
    });

    const houseBefore = await getHouseBalance(t.app.deps.db.kysely, { house: 'refund' }, 'THB');
    const cashBefore = await cashOf(t, m.memberId);
    const received = await receive(token);
    expect(received.statusCode, received.body).toBe(200);
    const body = received.json() as { message: string; refundAmount: number; transferId: string };
    expect(body).toMatchObject({ message: 'REFUND_SUCCESS', refundAmount: 5 });
    expect(await cashOf(t, m.memberId)).toBe(cashBefore + 5_00n);
    expect(await getHouseBalance(t.app.deps.db.kysely, { house: 'refund' }, 'THB')).toBe(
      houseBefore - 5_00n,
    );
    // Either name of the receipt: already received.
    for (const path of ['receive', 'addWallet'] as const) {
      const again = await receive(token, path);
      expect(again.statusCode).toBe(404);
      expect(messageOf(again)).toBe('NO_REFUND');
    }
    expect(await check(token)).toMatchObject({
      result: false,
      info: { isReceived: true, netLoss: 100 },
      refundAmount: 0,
      refundSuccess: 5,
    });

    const log = await t.api('POST', '/api/refund', { token, body: { page: 1, limit: 10 } });
    expect(log.json()).toEqual({
      total: 1,
      refunds: [
        {
          _id: expect.any(String) as string,
          refundAmount: 5,
          createdAt: bangkok('2026-11-18T12:00').toISOString(),
          weekStart: '2026-11-08T17:00:00.000Z',
        },
      ],
    });
    // The support's cash credit is stamped with the real time, so the row is found by its id.
    const rows = (await statementOf(t, token)).statements;
    expect(rows.find((r) => r._id === body.transferId)).toMatchObject({
      _id: body.transferId,
      statementType: 'bonus',
      from: 'refund',
      to: 'wallet',
      amount: 5,
      description: 'refund',
    });

    // The next week: the Monday 00:00 bet (50 baht → 2.50).
    token = await bookAndMoveTo(m, '2026-11-25T12:00');
    expect(await check(token)).toMatchObject({
      result: true,
      info: { weekStart: '2026-11-15T17:00:00.000Z', netLoss: 50, isReceived: false },
      refundAmount: 2.5,
      refundFail: 0,
    });
    // Not received in its week: it lapses, and a week without play offers nothing.
    token = await bookAndMoveTo(m, '2026-12-02T12:00');
    expect(await check(token)).toMatchObject({
      result: false,
      info: { netLoss: 0 },
      refundAmount: 0,
      refundSuccess: 5,
      refundFail: 2.5,
    });
    const nothing = await receive(token, 'addWallet');
    expect(nothing.statusCode).toBe(400);
    expect(messageOf(nothing)).toBe('REFUND_MINIMUM');
    await expectLedgerConsistent(t.app.deps.db);
  });

  it('percent of the net loss rounded down, at most the maximum, nothing under the minimum; wins count against losses', async () => {
    t.clock.set(bangkok('2026-12-07T09:00'));
    const loser = await playingMember(t, ['PG']);
    await playAt(loser, '2026-12-07T10:00', [
      { betMinor: 200_00, winMinor: 0 },
      { betMinor: 133_33, winMinor: 0 },
    ]);
    const winner = await playingMember(t, ['PG']);
    // Staked 300, paid back 350 + 0: won 50 net.
    await playAt(winner, '2026-12-08T10:00', [
      { betMinor: 100_00, winMinor: 350_00 },
      { betMinor: 200_00, winMinor: 0 },
    ]);
    await sync(winner);
    const token = await bookAndMoveTo(loser, '2026-12-15T08:00');
    const winnerToken = await login(t, winner.username);

    // 5 % of 333.33 = 16.6665 → 16.66
    expect(await check(token)).toMatchObject({ info: { netLoss: 333.33 }, refundAmount: 16.66 });
    await setRefund({ maximumMinor: 10_00 });
    expect(await check(token)).toMatchObject({ info: { maximum: 10 }, refundAmount: 10 });
    await setRefund({ maximumMinor: null, minimumMinor: 20_00 });
    expect(await check(token)).toMatchObject({ result: false, refundAmount: 0 });
    const under = await receive(token);
    expect(under.statusCode).toBe(400);
    expect(messageOf(under)).toBe('REFUND_MINIMUM');

    await setRefund({});
    expect(await check(winnerToken)).toMatchObject({
      result: false,
      info: { netLoss: 0 },
      refundAmount: 0,
    });
    expect(messageOf(await receive(winnerToken))).toBe('REFUND_MINIMUM');

    await setRefund({ percent: 10 });
    const paid = await receive(token);
    expect(paid.json()).toMatchObject({ message: 'REFUND_SUCCESS', refundAmount: 33.33 });
  });

  it('REFUND_INACTIVE when refunds are off', async () => {
    t.clock.set(bangkok('2026-12-21T09:00'));
    const m = await playingMember(t, ['PG']);
    await playAt(m, '2026-12-21T10:00', [{ betMinor: 100_00, winMinor: 0 }]);
    const token = await bookAndMoveTo(m, '2026-12-29T10:00');
    await setRefund({ enabled: false });
    const response = await receive(token);
    expect(response.statusCode).toBe(400);
    expect(messageOf(response)).toBe('REFUND_INACTIVE');
    expect(await check(token)).toMatchObject({ result: false, refundAmount: 5 });
    const claims = await t.app.deps.db.kysely
      .selectFrom('refund_claims')
      .select('id')
      .where('member_id', '=', m.memberId)
      .execute();
    expect(claims).toEqual([]);
  });

  it('banners come from the setting; the calls need a session', async () => {
    await setRefund({
      banners: [
        {
          image: 'https://img.test/refund.png',
          html: { th: '<p>คืนยอดเสีย</p>', la: '<p>ຄືນຍອດເສຍ</p>', en: '<p>Refund</p>' },
        },
      ],
    });
    t.clock.set(bangkok('2027-01-04T09:00'));
    const m = await playingMember(t, ['PG']);
    const banners = await t.api('GET', '/api/refund/banners', { token: m.token });
    expect(banners.json()).toEqual({
      banners: [
        {
          image: 'https://img.test/refund.png',
          html: { th: '<p>คืนยอดเสีย</p>', la: '<p>ຄືນຍອດເສຍ</p>', en: '<p>Refund</p>' },
        },
      ],
    });
    for (const path of ['/api/refund/check', '/api/refund/receive', '/api/refund/addWallet'])
      expect((await t.api('GET', path)).statusCode).toBe(401);
  });

  it('an active bonus blocks the receipt (REFUND_CONDITION); the check says so', async () => {
    t.clock.set(bangkok('2027-01-25T09:00'));
    const m = await playingMember(t, ['PG']);
    await playAt(m, '2027-01-25T10:00', [{ betMinor: 100_00, winMinor: 0 }]);
    const token = await bookAndMoveTo(m, '2027-02-02T10:00');
    expect(await check(token)).toMatchObject({ result: true, bonus: false, refundAmount: 5 });

    const code = await addBonus(t, {
      amountKind: 'fixed',
      percent: null,
      maxBonusMinor: 50_00n,
      minDepositMinor: 0n,
    });
    expect((await activate(t, code, token)).statusCode).toBe(200);
    expect(await check(token)).toMatchObject({ result: false, bonus: true, refundAmount: 5 });
    const blocked = await receive(token);
    expect(blocked.statusCode).toBe(400);
    expect(messageOf(blocked)).toBe('REFUND_CONDITION');

    // Once the bonus is over, the week's refund can be received.
    await sync(m);
    const cleared = await t.api('GET', '/api/bonus/clear', { token });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect((await receive(token)).json()).toMatchObject({
      message: 'REFUND_SUCCESS',
      refundAmount: 5,
    });
  });

  it('bets placed while a bonus was active are left out of the net loss', async () => {
    t.clock.set(bangkok('2027-02-08T09:00'));
    const m = await playingMember(t, ['PG']);
    // Counted: before the bonus.
    await playAt(m, '2027-02-08T10:00', [{ betMinor: 100_00, winMinor: 0 }]);
    t.clock.set(bangkok('2027-02-09T10:00'));
    const code = await addBonus(t, {
      amountKind: 'fixed',
      percent: null,
      maxBonusMinor: 50_00n,
      minDepositMinor: 0n,
    });
    expect((await activate(t, code, m.token)).statusCode).toBe(200);
    // Left out: placed during the bonus, a loss and a win alike.
    await playAt(m, '2027-02-09T11:00', [
      { betMinor: 40_00, winMinor: 0 },
      { betMinor: 10_00, winMinor: 90_00 },
    ]);
    t.clock.set(bangkok('2027-02-10T10:00'));
    // The clear brings the game money back (forfeited under the bonus); more is moved in to play on.
    await sync(m);
    const cleared = await t.api('GET', '/api/bonus/clear', { token: m.token });
    expect(cleared.statusCode, cleared.body).toBe(200);
    await creditCash(t.app.deps.db, m.memberId, 100_00n);
    const moved = await moneyCall(t, '/api/wallet/transfer', m.token, {
      from: 'wallet',
      to: 'PG',
      amount: 100,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    // Counted: after the bonus ended.
    await playAt(m, '2027-02-11T10:00', [{ betMinor: 20_00, winMinor: 0 }]);
    const token = await bookAndMoveTo(m, '2027-02-16T10:00');

    // 100 + 20 = 120 → 5 % = 6
    expect(await check(token)).toMatchObject({
      result: true,
      bonus: false,
      info: { netLoss: 120 },
      refundAmount: 6,
    });
  });

  it(`100 parallel receipts by one member pay once (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, async () => {
    t.clock.set(bangkok('2027-01-11T09:00'));
    const m = await playingMember(t, ['PG']);
    await playAt(m, '2027-01-11T10:00', [{ betMinor: 400_00, winMinor: 0 }]);
    const token = await bookAndMoveTo(m, '2027-01-19T10:00');
    const cashBefore = await cashOf(t, m.memberId);
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, i) => receive(token, i % 2 === 0 ? 'receive' : 'addWallet')),
    );
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(responses.filter((r) => r.statusCode !== 200).map(messageOf)).toEqual(
      Array.from({ length: 99 }, () => 'NO_REFUND'),
    );
    expect(await cashOf(t, m.memberId)).toBe(cashBefore + 20_00n);
    const transfers = await t.app.deps.db.kysely
      .selectFrom('ledger_transfers')
      .select('amount')
      .where('member_id', '=', m.memberId)
      .where('kind', '=', 'refund')
      .execute();
    expect(transfers.map((r) => Number(r.amount))).toEqual([20_00]);
    await expectLedgerConsistent(t.app.deps.db);
  });
});
