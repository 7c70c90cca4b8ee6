import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { saveSetting } from '@/modules/settings/settings.repository.ts';
import { cashOf, depositViaBank, memberIdOf, payoutsTo, withdrawCall } from './support/bank.ts';
import { setInvite } from './support/invite.ts';
import { expectLedgerConsistent } from './support/money.ts';
import type { InviteReview } from '@mekong/contracts/admin/promotions-play';
import { registerMember, signedInMember } from './support/members.ts';
import { adminApi, signedInOperator, type TestOperator } from './support/operators.ts';
import { playThrough, setGuards } from './support/promotion-play.ts';
import { claim, setup, useDemoWheel, useWheel, type SpinAnswer } from './support/spinwheel.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * Issue 27 item 6: promotions cannot be farmed without playing (docs/decisions/0013-promotions.md#earned-by-play).
 * The two farms that were reproduced, each tried again: without play they earn nothing; with real play through the
 * sandbox provider's bet records the member still gets the coins, the prize and the commission.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await useDemoWheel(t);
  await expectLedgerConsistent(t.app.deps.db);
  await t?.close();
});

beforeEach(async () => {
  // The safe defaults, as a fresh installation has them; a wheel whose every slice is a 4 baht cash prize.
  await setGuards(t);
  await saveSetting(t.app.deps.db.kysely, 'spinCoins', { coinPriceMinor: 100_00 }, t.clock.now());
  await useWheel(t, [{ code: 'CASH4', prizeKind: 'cash', amountMinor: 4_00n }]);
  await setInvite(t, { percent: 1 });
});

type Member = Awaited<ReturnType<typeof signedInMember>> & { memberId: string };

async function member(overrides: Parameters<typeof signedInMember>[1] = {}): Promise<Member> {
  const m = await signedInMember(t, overrides);
  return { ...m, memberId: await memberIdOf(t, m.username) };
}

/** Spins while the wheel lets the member, claims every coupon won; answers the cash the claims paid (baht). */
async function spinAndClaimAll(m: Member): Promise<number> {
  let paid = 0;
  for (let i = 0; i < 50; i += 1) {
    const spun = await t.api('POST', '/api/spinwheel/spin', { token: m.token, body: {} });
    if (spun.statusCode !== 200) {
      expect(spun.json()).toEqual({ message: 'NO_COIN' });
      break;
    }
    const { coupon } = spun.json() as SpinAnswer;
    if (!coupon) continue;
    const claimed = await claim(t, m.token, coupon.coupon);
    expect(claimed.statusCode, claimed.body).toBe(200);
    paid += coupon.amount;
  }
  return paid;
}

/** Withdraws everything the member may: the whole cash, else the cash less what a prize still locks. */
async function withdrawWhatIsAllowed(m: Member): Promise<number> {
  const cash = Number(await cashOf(t, m.memberId)) / 100;
  const all = await withdrawCall(t, m.token, cash);
  if (all.statusCode === 200) return cash;
  expect(all.json()).toEqual({ message: 'PRIZE_TURNOVER' });
  const { result } = await setup(t, m.token);
  const allowed = cash - (result as unknown as { prizeLock: { amount: number } }).prizeLock.amount;
  const part = await withdrawCall(t, m.token, allowed);
  expect(part.statusCode, part.body).toBe(200);
  return allowed;
}

const paidOut = async (m: { bankAccountNo: string }) =>
  (await payoutsTo(t, m.bankAccountNo)).reduce((sum, p) => sum + p.amountMinor, 0) / 100;

describe('the wheel: deposit, spin, claim, withdraw', () => {
  it('without play: deposit 1,000, spin what it gives, claim, withdraw everything: no profit', async () => {
    const m = await member();
    await depositViaBank(t, m, 1_000_00);
    const claimed = await spinAndClaimAll(m);
    await withdrawWhatIsAllowed(m);
    const profit = (await paidOut(m)) - 1_000;
    expect(profit).toBeLessThanOrEqual(0);
    expect(claimed).toBe(0);
    // The coins wait for the deposit to be played, and the member is told so.
    const { result } = await setup(t, m.token);
    expect(result).toMatchObject({ userCoin: 0, waitingCoin: 10 });
  });

  it('with play: the coins arrive, the prize is claimed, and it leaves only after its own turnover', async () => {
    const m = await member();
    await depositViaBank(t, m, 1_000_00);
    await playThrough(t, m, 600);
    // 600 of 1,000 staked: not played yet.
    expect((await setup(t, m.token)).result.userCoin).toBe(0);
    await playThrough(t, m, 400);
    const played = await setup(t, m.token);
    expect(played.result.userCoin).toBe(10);
    expect((played.result as unknown as { waitingCoin: number }).waitingCoin).toBe(0);
    expect(await spinAndClaimAll(m)).toBe(40);
    expect(await cashOf(t, m.memberId)).toBe(1_040_00n);
    // 1 × the prizes (40) must be staked after the claims before they can leave; the deposit itself can.
    expect(
      (await setup(t, m.token)).result as unknown as {
        prizeLock: { amount: number; toPlay: number };
      },
    ).toMatchObject({ prizeLock: { amount: 40, toPlay: 40 } });
    expect((await withdrawCall(t, m.token, 1_040)).json()).toEqual({ message: 'PRIZE_TURNOVER' });
    expect((await withdrawCall(t, m.token, 1_001)).json()).toEqual({ message: 'PRIZE_TURNOVER' });
    expect((await withdrawCall(t, m.token, 900)).statusCode).toBe(200);
    await playThrough(t, m, 40);
    const rest = await withdrawCall(t, m.token, 140);
    expect(rest.statusCode, rest.body).toBe(200);
    expect(await paidOut(m)).toBe(1_040);
  });

  it('play before a deposit does not release it, and one round of play releases one deposit, not several', async () => {
    const m = await member();
    await depositViaBank(t, m, 1_000_00);
    await playThrough(t, m, 1_000);
    await depositViaBank(t, m, 500_00);
    t.clock.advance(1_000);
    await depositViaBank(t, m, 500_00);
    // The first deposit was played before the others came: its 10 coins; the two later ones wait.
    expect((await setup(t, m.token)).result.userCoin).toBe(10);
    await playThrough(t, m, 500);
    // 500 staked after both: it covers the last deposit only (the one before it needs 1,000 since it).
    expect((await setup(t, m.token)).result.userCoin).toBe(15);
    await playThrough(t, m, 500);
    expect((await setup(t, m.token)).result.userCoin).toBe(20);
  });
});

describe('the invite: B deposits and withdraws at once, A collects', () => {
  it('without play, from the same address and browser: A collects nothing, the invite waits for review', async () => {
    const a = await member();
    const b = await member({ inviteCode: `PR${a.publicId}` });
    await depositViaBank(t, b, 5_000_00);
    expect((await withdrawCall(t, b.token, 5_000)).statusCode).toBe(200);
    const collect = await t.api('GET', '/api/invite/bonus', { token: a.token });
    const profit = (await paidOut(b)) - 5_000 + Number(await cashOf(t, a.memberId)) / 100;
    expect(profit).toBeLessThanOrEqual(0);
    expect(collect.json()).toEqual({ message: 'NO_INVITE_BONUS' });
    const list = (
      await t.api('POST', '/api/invite', { token: a.token, body: { page: 1, limit: 10 } })
    ).json();
    expect(list).toMatchObject({ inviteAmount: 0, inviteWaiting: 0, inviteHeld: 50 });
  });

  it('with play, from another address, browser and name: the commission waits for the play, then is collected', async () => {
    const a = await member();
    const registered = await registerMember(t, {
      inviteCode: `PR${a.publicId}`,
      bankAccountName: 'FRIEND OTHERNAME',
    });
    const token = (
      await t.api('POST', '/api/login', {
        body: { username: registered.username, password: registered.password },
        ip: '203.0.113.77',
        headers: { 'user-agent': 'friend-phone/1.0' },
      })
    ).json() as { token: string };
    const b = {
      ...registered,
      token: token.token,
      memberId: await memberIdOf(t, registered.username),
    };
    await depositViaBank(t, b, 5_000_00);
    const waiting = (
      await t.api('POST', '/api/invite', { token: a.token, body: { page: 1, limit: 10 } })
    ).json();
    expect(waiting).toMatchObject({ inviteAmount: 0, inviteWaiting: 50, inviteHeld: 0 });
    expect((await t.api('GET', '/api/invite/bonus', { token: a.token })).json()).toEqual({
      message: 'NO_INVITE_BONUS',
    });
    await playThrough(t, { token: b.token, memberId: b.memberId }, 5_000);
    const collect = await t.api('GET', '/api/invite/bonus', { token: a.token });
    expect(collect.statusCode, collect.body).toBe(200);
    expect(collect.json()).toMatchObject({ message: 'INVITE_BONUS_SUCCESS', amount: 50 });
    expect(await cashOf(t, a.memberId)).toBe(50_00n);
  });
});

describe('held invites: the back office reviews them', () => {
  let marketing: TestOperator;
  let support: TestOperator;
  beforeAll(async () => {
    marketing = await signedInOperator(t, 'marketing');
    support = await signedInOperator(t, 'support');
  });

  async function heldInvite() {
    const a = await member();
    const b = await member({ inviteCode: `PR${a.publicId}` });
    await depositViaBank(t, b, 1_000_00);
    await playThrough(t, b, 1_000);
    return { a, b };
  }

  const list = async (status: string, operator = marketing) =>
    (
      await adminApi(t, 'POST', '/api/admin/promotions/invite-reviews/list', {
        token: operator.token,
        body: { status },
      })
    ).json() as { items: InviteReview[] };

  it('a shared-address invite is held with its reasons; an operator releases it and the inviter collects', async () => {
    const { a, b } = await heldInvite();
    // Played, but held: nothing to collect, the member is told it is under review.
    expect((await t.api('GET', '/api/invite/bonus', { token: a.token })).json()).toEqual({
      message: 'NO_INVITE_BONUS',
    });
    const held = (await list('held')).items.find((i) => i.invitee.id === b.memberId);
    expect(held).toMatchObject({
      inviter: { id: a.memberId, phone: a.username },
      status: 'held',
      heldMinor: 10_00,
    });
    // Same address (sessions from one place), same browser, same bank-account name.
    expect(held?.reasons).toEqual(['address', 'device', 'accountName']);

    const url = `/api/admin/promotions/invite-reviews/${b.memberId}/release`;
    const refused = await adminApi(t, 'POST', url, {
      token: support.token,
      body: { reason: 'looks fine' },
    });
    expect(refused.statusCode).toBe(403);
    const released = await adminApi(t, 'POST', url, {
      token: marketing.token,
      body: { reason: 'brothers, checked by phone' },
    });
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json()).toMatchObject({ status: 'released', decidedBy: marketing.id });
    const again = await adminApi(t, 'POST', url, {
      token: marketing.token,
      body: { reason: 'twice' },
    });
    expect(again.json()).toEqual({ message: 'INVITE_REVIEW_DECIDED' });
    const audit = await t.app.deps.db.kysely
      .selectFrom('audit_log')
      .select(['action', 'target_id'])
      .where('action', '=', 'invite.released')
      .where('target_id', '=', b.memberId)
      .execute();
    expect(audit).toHaveLength(1);

    const collect = await t.api('GET', '/api/invite/bonus', { token: a.token });
    expect(collect.json()).toMatchObject({ message: 'INVITE_BONUS_SUCCESS', amount: 10 });
  });

  it('a refused invite never pays; ten parallel decisions decide once', async () => {
    const { a, b } = await heldInvite();
    const url = `/api/admin/promotions/invite-reviews/${b.memberId}/refuse`;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        adminApi(t, 'POST', url, { token: marketing.token, body: { reason: 'one person' } }),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect((await list('refused')).items.map((i) => i.invitee.id)).toContain(b.memberId);
    expect((await t.api('GET', '/api/invite/bonus', { token: a.token })).json()).toEqual({
      message: 'NO_INVITE_BONUS',
    });
    const figures = (
      await t.api('POST', '/api/invite', { token: a.token, body: { page: 1, limit: 10 } })
    ).json();
    expect(figures).toMatchObject({ inviteAmount: 0, inviteWaiting: 0, inviteHeld: 0 });
  });

  it('the operator sets the guards; bad values are refused with a code and change nothing', async () => {
    const save = (body: unknown, operator = marketing) =>
      adminApi(t, 'PUT', '/api/admin/promotions/guards', { token: operator.token, body });
    expect(
      (
        await save({
          depositPlayMultiplier: -1,
          prizeTurnoverMultiplier: 1,
          isSharedInviteHeld: true,
        })
      ).json(),
    ).toEqual({
      message: 'PROMO_MULTIPLIER_INVALID',
    });
    expect(
      (
        await save({
          depositPlayMultiplier: 1,
          prizeTurnoverMultiplier: 1.234,
          isSharedInviteHeld: true,
        })
      ).json(),
    ).toEqual({
      message: 'PROMO_MULTIPLIER_INVALID',
    });
    expect(
      (
        await save(
          { depositPlayMultiplier: 2, prizeTurnoverMultiplier: 3, isSharedInviteHeld: false },
          support,
        )
      ).statusCode,
    ).toBe(403);
    const read = await adminApi(t, 'GET', '/api/admin/promotions/guards', { token: support.token });
    expect(read.json()).toEqual({
      depositPlayMultiplier: 1,
      prizeTurnoverMultiplier: 1,
      isSharedInviteHeld: true,
    });
    const saved = await save({
      depositPlayMultiplier: 2,
      prizeTurnoverMultiplier: 3,
      isSharedInviteHeld: false,
    });
    expect(saved.json()).toEqual({
      depositPlayMultiplier: 2,
      prizeTurnoverMultiplier: 3,
      isSharedInviteHeld: false,
    });
    // The next deposit needs twice its amount in play.
    const m = await member();
    await depositViaBank(t, m, 100_00);
    await playThrough(t, m, 100);
    expect((await setup(t, m.token)).result).toMatchObject({ userCoin: 0, waitingCoin: 1 });
    await playThrough(t, m, 100);
    expect((await setup(t, m.token)).result).toMatchObject({ userCoin: 1, waitingCoin: 0 });
  });
});
