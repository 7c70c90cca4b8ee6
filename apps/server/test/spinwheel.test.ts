import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { toMajor } from '@mekong/contracts/money';
import { DEMO_WHEEL_TITLE, demoWheelSlices } from '@/db/seed/demo-wheel.ts';
import { creditDeposit } from '@/modules/deposit/deposit-member.ts';
import { fairDraw, seedHashOf } from '@/modules/spinwheel/fair-draw.ts';
import { cashOf } from './support/bank.ts';
import { createMoneyInTestApp, type MoneyInTestApp } from './support/money-in.ts';
import { expectLedgerConsistent, insertMember, walletMember } from './support/money.ts';
import {
  claim,
  deposit,
  expectCoinsMatchMoves,
  setup,
  spin,
  useDemoWheel,
  useWheel,
  type CouponAnswer,
} from './support/spinwheel.ts';
import { GUARDS_OFF, setGuards } from './support/promotion-play.ts';

let t: MoneyInTestApp;
beforeAll(async () => {
  // The bank feed and the slip verifier are one sandbox: both can report the same bank transaction.
  t = await createMoneyInTestApp((gatewayUrl) => ({ BANK_API_URL: `${gatewayUrl}/bank` }));
  // Coins, commission and prizes as mechanics, the play guards off (they are tested in promotions-farming.test.ts).
  await setGuards(t, GUARDS_OFF);
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await useDemoWheel(t);
});

const DAY_MS = 86_400_000;
const BOUNDARY = '----mekongspinboundary';

async function uploadSlip(token: string, png: Buffer) {
  const response = await t.api('POST', '/api/wallet/slip', {
    token,
    rawBody: Buffer.concat([
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="slip.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { slip: { status: string } }).slip;
}

async function profileCoin(token: string): Promise<number> {
  const response = await t.api('GET', '/api/account/profile', { token });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { profile: { coin: number } }).profile.coin;
}

async function listCoupons(token: string): Promise<CouponAnswer[]> {
  const response = await t.api('GET', '/api/spinwheel/coupon', { token });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { coupons: CouponAnswer[] }).coupons;
}

describe(`prize wheel (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('setup publishes the active wheel with weights and probabilities, the coins and the seed commitment', async () => {
    const m = await walletMember(t);
    const { result } = await setup(t, m.token);
    expect(result.userCoin).toBe(0);
    expect(result.fairness).toEqual({
      seedHash: expect.stringMatching(/^[0-9a-f]{64}$/),
      nonce: 0,
    });
    const wheel = result.activeSpinwheel;
    expect(wheel?.slices).toHaveLength(8);
    const sum = demoWheelSlices.reduce((acc, s) => acc + s.weight, 0);
    expect(wheel?.slices.map((s) => [s.code, s.weight, s.probability, s.amount])).toEqual(
      demoWheelSlices.map((s) => [s.code, s.weight, s.weight / sum, toMajor(s.amountMinor)]),
    );
    expect(wheel?.slices.reduce((acc, s) => acc + s.probability, 0)).toBeCloseTo(1, 12);
    expect(wheel?.slices.filter((s) => s.prizeKind === 'none')).toHaveLength(2);
    // The name and each prize's text in every language, so the member reads their own.
    expect(wheel?.name).toEqual(DEMO_WHEEL_TITLE);
    expect(wheel?.slices.map((s) => s.htmlDescription)).toEqual(
      demoWheelSlices.map((s) => s.htmlDescription),
    );
    expect(new Set(Object.values(wheel?.slices[0]?.htmlDescription ?? {})).size).toBe(3);
    // The commitment stays until a spin reveals it.
    expect((await setup(t, m.token)).result.fairness).toEqual(result.fairness);
    const active = await t.api('GET', '/api/spinwheel/active', { token: m.token });
    expect(active.json()).toEqual({ isActive: true });
  });

  it('every call needs a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/spinwheel/setup'],
      ['POST', '/api/spinwheel/spin'],
      ['GET', '/api/spinwheel/coupon'],
      ['POST', '/api/spinwheel/coupon/claim'],
      ['GET', '/api/spinwheel/active'],
    ] as const) {
      const response = await t.api(method, url, { body: {} });
      expect(response.statusCode, url).toBe(401);
    }
  });

  it('a deposit earns floor(deposit / coin price) coins, once even when its bank transaction arrives twice', async () => {
    const m = await walletMember(t);
    // The slip and the bank feed line of one transfer of 250 baht: 2 coins at 100 baht a coin.
    const made = await t.gatewayPost('/sandbox/slip/transfers', {
      amountMinor: 250_00,
      sender: { name: 'SOMCHAI JAIDEE', bankCode: m.bankCode, accountNo: m.bankAccountNo },
      receiver: { name: 'MEKONG WALLET', bankCode: 'KBANK', accountNo: '1423096718' },
      alsoInBankFeed: true,
    });
    expect(made.status, JSON.stringify(made.json)).toBe(200);
    const { transfer } = made.json as { transfer: { transRef: string } };
    const png = await fetch(`${t.gatewayUrl}/sandbox/slip/transfers/${transfer.transRef}/slip.png`);
    expect((await uploadSlip(m.token, Buffer.from(await png.arrayBuffer()))).status).toBe(
      'SUCCESS',
    );
    expect(await t.app.moneyOut.bankFeed.runBankFeedOnce()).toMatchObject({ alreadyCredited: 1 });
    expect(await cashOf(t, m.memberId)).toBe(250_00n);
    expect(await profileCoin(m.token)).toBe(2);
    expect((await setup(t, m.token)).result.userCoin).toBe(2);

    // Below one coin's price: nothing; a replay of the same credit: nothing.
    await deposit(t, m.memberId, 99_99n);
    expect(await profileCoin(m.token)).toBe(2);
    const moves = await t.app.deps.db.kysely
      .selectFrom('spin_coin_moves')
      .select(['delta', 'deposit_transfer_id'])
      .where('member_id', '=', m.memberId)
      .execute();
    expect(moves).toEqual([{ delta: 2, deposit_transfer_id: expect.any(String) }]);
    expect(await expectCoinsMatchMoves(t, m.memberId)).toBe(2);
  });

  it('coins come and go with their deposit: a rolled-back credit leaves none; the coin log is append-only', async () => {
    const m = await walletMember(t);
    const db = t.app.deps.db;
    const rollback = db.withTransaction(async (trx) => {
      await creditDeposit(trx, {
        memberId: m.memberId,
        currency: 'THB',
        amountMinor: 500_00n,
        externalRef: `test:${randomUUID()}`,
        metadata: {},
        now: t.clock.now(),
      });
      throw new Error('the crediting transaction fails after the credit');
    });
    await expect(rollback).rejects.toThrow('fails after the credit');
    expect(await profileCoin(m.token)).toBe(0);
    await deposit(t, m.memberId, 300_00n);
    expect(await profileCoin(m.token)).toBe(3);
    await expect(
      db.kysely
        .updateTable('spin_coin_moves')
        .set({ delta: 100 })
        .where('member_id', '=', m.memberId)
        .execute(),
    ).rejects.toThrow('append-only');
    await expect(
      db.kysely.deleteFrom('spin_coin_moves').where('member_id', '=', m.memberId).execute(),
    ).rejects.toThrow('append-only');
    expect(await expectCoinsMatchMoves(t, m.memberId)).toBe(3);
  });

  it('a kip deposit earns no coins: the coin price is in baht', async () => {
    const { memberId } = await insertMember(t.app.deps.db, { currency: 'LAK' });
    await deposit(t, memberId, 1_000_000_00n, 'LAK');
    expect(await expectCoinsMatchMoves(t, memberId)).toBe(0);
  });

  it('a spin costs one coin; without coins it is NO_COIN and nothing changes', async () => {
    const m = await walletMember(t);
    const refused = await t.api('POST', '/api/spinwheel/spin', { token: m.token, body: {} });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: 'NO_COIN' });
    expect((await setup(t, m.token)).result.fairness.nonce).toBe(0);

    await deposit(t, m.memberId, 100_00n);
    const answer = await spin(t, m.token);
    expect(answer).toMatchObject({ success: true, remainingCoin: 0, error: null });
    expect(answer.fairness.clientSeed).toMatch(/^[0-9a-f]{32}$/);
    const again = await t.api('POST', '/api/spinwheel/spin', { token: m.token, body: {} });
    expect(again.json()).toEqual({ message: 'NO_COIN' });
    expect(await profileCoin(m.token)).toBe(0);
    expect(await expectCoinsMatchMoves(t, m.memberId)).toBe(0);
    expect(
      await t.app.deps.db.kysely
        .selectFrom('spin_results')
        .select('id')
        .where('member_id', '=', m.memberId)
        .execute(),
    ).toHaveLength(1);
  });

  it('a client seed over 64 characters is INVALID_REQUEST', async () => {
    const m = await walletMember(t);
    await deposit(t, m.memberId, 100_00n);
    const response = await t.api('POST', '/api/spinwheel/spin', {
      token: m.token,
      body: { clientSeed: 'x'.repeat(65) },
    });
    expect(response.json()).toEqual({ message: 'INVALID_REQUEST' });
    expect((await setup(t, m.token)).result.userCoin).toBe(1);
  });

  it('each revealed seed matches its commitment and reproduces the outcome; a prize gives a coupon, "none" none', async () => {
    const m = await walletMember(t);
    await deposit(t, m.memberId, 40n * 100_00n);
    const seen = new Set<string>();
    for (let i = 0; i < 40; i += 1) {
      const before = (await setup(t, m.token)).result;
      const weights = before.activeSpinwheel?.slices.map((s) => s.weight) ?? [];
      const answer = await spin(t, m.token, `my-seed-${i}`);
      const { fairness } = answer;
      expect(fairness).toMatchObject({
        seedHash: before.fairness.seedHash,
        nonce: before.fairness.nonce,
        clientSeed: `my-seed-${i}`,
      });
      expect(seedHashOf(fairness.serverSeed)).toBe(fairness.seedHash);
      const slice =
        before.activeSpinwheel?.slices[
          fairDraw(fairness.serverSeed, fairness.clientSeed, fairness.nonce, weights)
        ];
      expect(answer.result).toEqual({ code: slice?.code, label: slice?.label });
      expect(answer.remainingCoin).toBe(39 - i);
      const after = (await setup(t, m.token)).result.fairness;
      expect(after).toEqual({ seedHash: fairness.nextSeedHash, nonce: fairness.nonce + 1 });
      expect(fairness.nextSeedHash).not.toBe(fairness.seedHash);
      if (slice?.prizeKind === 'none') expect(answer.coupon).toBeNull();
      else
        expect(answer.coupon).toMatchObject({
          prize: { name: slice?.label, slice: slice?.code },
          prizeKind: slice?.prizeKind,
          amount: slice?.amount,
          status: 'claimable',
          claimedAt: null,
          coupon: expect.stringMatching(/^[0-9A-Z]{16}$/),
        });
      seen.add(slice?.prizeKind ?? '');
    }
    expect(seen.has('cash')).toBe(true);
    expect(seen.has('none')).toBe(true);
    // The stored record holds what verifies it.
    const stored = await t.app.deps.db.kysely
      .selectFrom('spin_results')
      .selectAll()
      .where('member_id', '=', m.memberId)
      .orderBy('nonce')
      .execute();
    expect(stored).toHaveLength(40);
    for (const r of stored)
      expect(
        demoWheelSlices[fairDraw(r.server_seed, r.client_seed, r.nonce, r.weights as number[])]
          ?.code,
      ).toBe(r.slice_code);
  });

  it('with no active wheel: SPINWHEEL_INACTIVE, no coin spent, setup shows none, active false', async () => {
    const m = await walletMember(t);
    await deposit(t, m.memberId, 100_00n);
    await t.app.deps.db.kysely.updateTable('spin_wheels').set({ is_active: false }).execute();
    const response = await t.api('POST', '/api/spinwheel/spin', { token: m.token, body: {} });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'SPINWHEEL_INACTIVE' });
    const { result } = await setup(t, m.token);
    expect(result).toMatchObject({ activeSpinwheel: null, userCoin: 1 });
    expect((await t.api('GET', '/api/spinwheel/active', { token: m.token })).json()).toEqual({
      isActive: false,
    });
  });
});

describe('coupons', () => {
  it('a cash coupon is listed newest first and claimed once into cash (kind prize)', async () => {
    const m = await walletMember(t);
    await useWheel(t, [{ code: 'C50', prizeKind: 'cash', amountMinor: 50_00n }]);
    await deposit(t, m.memberId, 300_00n);
    const spins = [];
    for (let i = 0; i < 3; i += 1) {
      spins.push(await spin(t, m.token));
      t.clock.advance(1_000);
    }
    const coupons = await listCoupons(m.token);
    expect(coupons.map((c) => c.coupon)).toEqual(spins.map((s) => s.coupon?.coupon).reverse());
    expect(coupons[0]).toMatchObject({ prizeKind: 'cash', amount: 50, status: 'claimable' });
    const first = coupons[0];
    if (!first) throw new Error('no coupon');
    expect(Date.parse(first.expiresAt) - Date.parse(first.createdAt)).toBe(7 * DAY_MS);

    const cashBefore = await cashOf(t, m.memberId);
    // Typed in lower case: codes are case-insensitive.
    const claimed = await claim(t, m.token, first.coupon.toLowerCase());
    expect(claimed.statusCode, claimed.body).toBe(200);
    const body = claimed.json() as { success: boolean; coupon: CouponAnswer; transferId: string };
    expect(body).toMatchObject({
      success: true,
      error: null,
      coupon: { status: 'claimed', claimedAt: t.clock.now().toISOString() },
    });
    expect(await cashOf(t, m.memberId)).toBe(cashBefore + 50_00n);
    const transfer = await t.app.deps.db.kysely
      .selectFrom('ledger_transfers')
      .selectAll()
      .where('id', '=', body.transferId)
      .executeTakeFirstOrThrow();
    expect(transfer).toMatchObject({ kind: 'prize', status: 'posted', member_id: m.memberId });
    // The statement names the prize's wheel in every language and quotes the coupon.
    const statement = await t.api('POST', '/api/statement', {
      token: m.token,
      body: { page: 1, limit: 10 },
    });
    expect(
      (statement.json() as { statements: { _id: string }[] }).statements.find(
        (row) => row._id === body.transferId,
      ),
    ).toMatchObject({
      statementType: 'bonus',
      from: 'prize',
      amount: 50,
      description: 'luckydraw',
      localizedDescription: {
        th: expect.stringMatching(/^วงล้อ /),
        la: expect.stringMatching(/^ວົງລໍ້ /),
        en: expect.stringMatching(/^Wheel /),
      },
      reference: first.coupon,
    });

    const twice = await claim(t, m.token, first.coupon);
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toEqual({ message: 'NO_CLAIMABLE_COUPON' });
    expect(await cashOf(t, m.memberId)).toBe(cashBefore + 50_00n);
    expect((await listCoupons(m.token)).map((c) => c.status)).toEqual([
      'claimed',
      'claimable',
      'claimable',
    ]);
    await expectLedgerConsistent(t.app.deps.db);
  });

  it('unknown codes, empty codes and another member’s coupon are NO_CLAIMABLE_COUPON', async () => {
    const owner = await walletMember(t);
    const other = await walletMember(t);
    await useWheel(t, [{ code: 'C10', prizeKind: 'cash', amountMinor: 10_00n }]);
    await deposit(t, owner.memberId, 100_00n);
    const won = (await spin(t, owner.token)).coupon?.coupon ?? '';
    for (const code of ['NOSUCHCOUPON0000', '   ']) {
      expect((await claim(t, other.token, code)).json()).toEqual({
        message: 'NO_CLAIMABLE_COUPON',
      });
    }
    const stolen = await claim(t, other.token, won);
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json()).toEqual({ message: 'NO_CLAIMABLE_COUPON' });
    expect(await listCoupons(other.token)).toEqual([]);
    expect(await cashOf(t, other.memberId)).toBe(0n);
    expect((await claim(t, owner.token, won)).statusCode).toBe(200);
  });

  it('after its coupon days a coupon is shown expired and its claim is COUPON_EXPIRED', async () => {
    const m = await walletMember(t);
    await useWheel(t, [{ code: 'C20', prizeKind: 'cash', amountMinor: 20_00n }], 2);
    await deposit(t, m.memberId, 100_00n);
    const won = (await spin(t, m.token)).coupon?.coupon ?? '';
    t.clock.advance(2 * DAY_MS);
    expect((await listCoupons(m.token))[0]?.status).toBe('expired');
    const response = await claim(t, m.token, won);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'COUPON_EXPIRED' });
    expect(await cashOf(t, m.memberId)).toBe(100_00n);
  });

  it('a coupon of a kind that pays nothing is INVALID_COUPON_TYPE and stays claimable', async () => {
    const m = await walletMember(t);
    const code = `NONE${randomUUID().replace(/-/g, '').slice(0, 12).toUpperCase()}`;
    const now = t.clock.now();
    await t.app.deps.db.kysely
      .insertInto('coupons')
      .values({
        id: randomUUID(),
        member_id: m.memberId,
        code,
        spin_id: null,
        slice_id: null,
        prize_name: 'nothing',
        slice_code: 'NONE',
        kind: 'none',
        amount: 0n,
        bonus_code: null,
        status: 'claimable',
        expires_at: new Date(now.getTime() + DAY_MS),
        created_at: now,
      })
      .execute();
    const response = await claim(t, m.token, code);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'INVALID_COUPON_TYPE' });
    expect((await listCoupons(m.token))[0]?.status).toBe('claimable');
  });
});
