import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseTrueMoneyGiftLink } from '@mekong/contracts/truelink-crypto';
import { buildSandbox } from '../app.ts';

const NOW = Date.parse('2025-03-01T05:00:00.000Z');
const OPERATOR = '0899999999';

describe('TrueMoney gift vouchers', () => {
  let app: FastifyInstance;
  let now: number;
  beforeEach(async () => {
    now = NOW;
    app = await buildSandbox({ now: () => now });
  });
  afterEach(async () => {
    await app.close();
  });

  const makeVoucher = async (payload: object = {}) => {
    const res = await app.inject({
      method: 'POST',
      url: '/sandbox/truemoney/vouchers',
      payload: {
        ownerPhone: '0812345678',
        ownerName: 'SOMCHAI JAIDEE',
        amountMinor: 10_000,
        ...payload,
      },
    });
    expect(res.statusCode).toBe(200);
    return res.json() as { voucher: { hash: string; link: string }; link: string };
  };
  const redeem = (hash: string, mobile = OPERATOR, voucherHash: string = hash) =>
    app.inject({
      method: 'POST',
      url: `/campaign/vouchers/${hash}/redeem`,
      payload: { mobile, voucher_hash: voucherHash },
    });

  it('makes a voucher with a gift link of D13’s form', async () => {
    const { voucher, link } = await makeVoucher();
    expect(link).toBe(`https://gift.truemoney.com/campaign/?v=${voucher.hash}`);
    expect(parseTrueMoneyGiftLink(link)).toBe(voucher.hash);
    expect(voucher).toMatchObject({
      ownerPhone: '0812345678',
      amountMinor: 10_000,
      isRedeemed: false,
      expiresAt: new Date(NOW + 3 * 24 * 3_600_000).toISOString(),
    });
  });

  it('redeems once, answering amount_baht, the owner’s name and mobile', async () => {
    const { voucher } = await makeVoucher({ ownerPhone: '+66812345678' });
    const res = await redeem(voucher.hash);
    expect(res.statusCode).toBe(200);
    const json = res.json();
    expect(json.status).toEqual({ code: 'SUCCESS', message: 'success' });
    expect(json.data.voucher.amount_baht).toBe('100.00');
    expect(json.data.owner_profile).toEqual({ full_name: 'SOMCHAI JAIDEE', mobile: '0812345678' });

    // the same target again learns it already has it; another target finds it gone
    const again = await redeem(voucher.hash);
    expect(again.statusCode).toBe(400);
    expect(again.json().status.code).toBe('TARGET_USER_REDEEMED');
    expect(again.json().data.voucher.amount_baht).toBe('100.00');
    expect((await redeem(voucher.hash, '0877777777')).json().status.code).toBe(
      'VOUCHER_OUT_OF_STOCK',
    );
  });

  it('answers each refusal with its code and redeems nothing', async () => {
    const { voucher } = await makeVoucher();
    const code = async (res: Promise<{ json: () => { status: { code: string } } }>) =>
      (await res).json().status.code;
    expect(await code(redeem('NoSuchVoucher000000000'))).toBe('VOUCHER_NOT_FOUND');
    expect(await code(redeem(voucher.hash, OPERATOR, 'other'))).toBe('VOUCHER_NOT_FOUND');
    expect(await code(redeem(voucher.hash, '0812345678'))).toBe('CANNOT_GET_OWN_VOUCHER');
    expect(await code(redeem(voucher.hash, '12345'))).toBe('TARGET_USER_NOT_FOUND');
    await app.inject({
      method: 'POST',
      url: '/sandbox/truemoney/faults',
      payload: { unknownMobiles: ['0866666666'] },
    });
    expect(await code(redeem(voucher.hash, '0866666666'))).toBe('TARGET_USER_NOT_FOUND');
    now = NOW + 3 * 24 * 3_600_000;
    expect(await code(redeem(voucher.hash))).toBe('VOUCHER_EXPIRED');
    const [listed] = (
      await app.inject({ method: 'GET', url: '/sandbox/truemoney/vouchers' })
    ).json();
    expect(listed.isRedeemed).toBe(false);
  });

  it('fails with INTERNAL_ERROR, or redeems behind an error, by the fault switches', async () => {
    const { voucher } = await makeVoucher();
    await app.inject({
      method: 'POST',
      url: '/sandbox/truemoney/faults',
      payload: { nextOutcomes: ['fail', 'error-after'] },
    });
    const failed = await redeem(voucher.hash);
    expect(failed.statusCode).toBe(500);
    expect(failed.json().status.code).toBe('INTERNAL_ERROR');
    const hidden = await redeem(voucher.hash);
    expect(hidden.statusCode).toBe(500);
    // it did redeem: asking again says so
    expect((await redeem(voucher.hash)).json().status.code).toBe('TARGET_USER_REDEEMED');
  });

  it('refuses a voucher without a Thai mobile owner or amount', async () => {
    for (const payload of [
      { ownerPhone: '12', amountMinor: 100 },
      { ownerPhone: '0812345678', amountMinor: 0 },
      { ownerPhone: '0812345678', amountMinor: 100, hash: 'short' },
    ]) {
      const res = await app.inject({ method: 'POST', url: '/sandbox/truemoney/vouchers', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('INVALID_PARAMS');
    }
  });

  it('makes a gift link from the index page form', async () => {
    expect((await app.inject({ method: 'GET', url: '/' })).body).toContain(
      'TrueMoney gift vouchers',
    );
    const res = await app.inject({
      method: 'POST',
      url: '/sandbox/truemoney/vouchers',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'ownerPhone=0812345678&ownerName=&amount=2.5',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('https://gift.truemoney.com/campaign/?v=');
    const [made] = (await app.inject({ method: 'GET', url: '/sandbox/truemoney/vouchers' })).json();
    expect(made).toMatchObject({ amountMinor: 250, ownerPhone: '0812345678' });
  });
});
