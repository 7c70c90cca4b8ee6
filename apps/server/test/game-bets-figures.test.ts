import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { netGameLoss, weightedTurnover } from '@/modules/games/game-bets.service.ts';
import { play, playingMember } from './support/game-bets.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * What the bonus and refund modules read of the booked bet records (docs/decisions/0013-promotions.md): the weighted
 * turnover and the net game loss. Bets are played in the sandbox and booked by the member's refresh; every number is
 * worked out by hand in the comments.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const HOUR = 3_600_000;
const db = () => t.app.deps.db.kysely;

async function book(member: { memberId: string }) {
  await t.app.moneyCore.games.syncMemberBets(member.memberId);
}

describe('weightedTurnover', () => {
  const weights = { slot: 100, casino: 20, sport: 50 };

  it('weighs each category, floors the sum once, counts a missing category 0, and keeps to [since, until)', async () => {
    const m = await playingMember(t, ['PG', 'SEXYGAME', 'UFABET', 'HUAYHD']);
    const start = t.clock.now();
    // slot 333 + 334 = 667 × 100 % = 667
    await play(t, 'PG', m.usernames.PG ?? '', [
      { betMinor: 333, winMinor: 0 },
      { betMinor: 334, winMinor: 1_000 },
    ]);
    // casino 1 003 × 20 % = 200.6
    await play(t, 'SEXYGAME', m.usernames.SEXYGAME ?? '', [{ betMinor: 1_003, winMinor: 0 }]);
    // sport 999 × 50 % = 499.5
    await play(t, 'UFABET', m.usernames.UFABET ?? '', [{ betMinor: 999, winMinor: 2_000 }]);
    // lotto is not weighed: 0
    await play(t, 'HUAYHD', m.usernames.HUAYHD ?? '', [{ betMinor: 5_000, winMinor: 0 }]);
    t.clock.advance(HOUR);
    const later = t.clock.now();
    // one more slot bet an hour later: 10 000 × 100 %
    await play(t, 'PG', m.usernames.PG ?? '', [{ betMinor: 10_000, winMinor: 0 }]);
    await book(m);

    // 667 + 200.6 + 499.5 + 10 000 = 11 367.1 → 11 367 (floors per bet would give 11 366)
    expect(await weightedTurnover(db(), m.memberId, start, weights)).toBe(11_367n);
    // until is exclusive: the later bet is left out: 1 367.1 → 1 367
    expect(await weightedTurnover(db(), m.memberId, start, weights, later)).toBe(1_367n);
    // since is inclusive: only the later bet
    expect(await weightedTurnover(db(), m.memberId, later, weights)).toBe(10_000n);
    // fractional and over-100 weights: slot 10 667 × 12.5 % = 1 333.375; sport 999 × 150 % = 1 498.5 → 2 831.875
    expect(await weightedTurnover(db(), m.memberId, start, { slot: 12.5, sport: 150 })).toBe(
      2_831n,
    );
    // no weights, nothing counts; no bets in the range, nothing
    expect(await weightedTurnover(db(), m.memberId, start, {})).toBe(0n);
    expect(await weightedTurnover(db(), m.memberId, new Date(later.getTime() + 1), weights)).toBe(
      0n,
    );
  });

  it('counts the member’s own bets only and refuses a negative weight', async () => {
    const a = await playingMember(t, ['PG']);
    const b = await playingMember(t, ['PG']);
    const start = t.clock.now();
    await play(t, 'PG', a.usernames.PG ?? '', [{ betMinor: 100, winMinor: 0 }]);
    await play(t, 'PG', b.usernames.PG ?? '', [{ betMinor: 7_000, winMinor: 0 }]);
    await book(a);
    await book(b);
    expect(await weightedTurnover(db(), a.memberId, start, weights)).toBe(100n);
    expect(await weightedTurnover(db(), b.memberId, start, weights)).toBe(7_000n);
    await expect(weightedTurnover(db(), a.memberId, start, { slot: -1 })).rejects.toThrow(
      RangeError,
    );
  });
});

describe('netGameLoss', () => {
  it('sums stake − payout over [from, to), leaving out excluded windows, and may be negative', async () => {
    const m = await playingMember(t, ['JOKER']);
    const username = m.usernames.JOKER ?? '';
    const t0 = t.clock.now();
    const at = (hours: number) => new Date(t0.getTime() + hours * HOUR);
    // t0: loses 1 000
    await play(t, 'JOKER', username, [{ betMinor: 1_000, winMinor: 0 }]);
    t.clock.advance(HOUR);
    // t0+1h: wins 1 500 net (stake 500, payout 2 000)
    await play(t, 'JOKER', username, [{ betMinor: 500, winMinor: 2_000 }]);
    t.clock.advance(HOUR);
    // t0+2h: loses 300
    await play(t, 'JOKER', username, [{ betMinor: 300, winMinor: 0 }]);
    t.clock.advance(HOUR);
    // t0+3h: loses 150 (stake 200, payout 50)
    await play(t, 'JOKER', username, [{ betMinor: 200, winMinor: 50 }]);
    await book(m);

    // 1 000 − 1 500 + 300 + 150 = −50
    expect(await netGameLoss(db(), m.memberId, t0, at(4), [])).toBe(-50n);
    // a bonus active over [t0+1h, t0+2h): the win is left out, the bet at t0+2h is not: 1 000 + 300 + 150
    expect(await netGameLoss(db(), m.memberId, t0, at(4), [{ from: at(1), to: at(2) }])).toBe(
      1_450n,
    );
    // and a bonus still open since t0+3h: 1 000 + 300
    expect(
      await netGameLoss(db(), m.memberId, t0, at(4), [
        { from: at(1), to: at(2) },
        { from: at(3), to: null },
      ]),
    ).toBe(1_300n);
    // `to` is exclusive, `from` inclusive: [t0+1h, t0+3h) = −1 500 + 300
    expect(await netGameLoss(db(), m.memberId, at(1), at(3), [])).toBe(-1_200n);
    // a window covering everything, or no bets at all: 0
    expect(await netGameLoss(db(), m.memberId, t0, at(4), [{ from: t0, to: null }])).toBe(0n);
    expect(await netGameLoss(db(), m.memberId, at(5), at(6), [])).toBe(0n);
  });
});
