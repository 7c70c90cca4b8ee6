import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildSandbox } from '../app.ts';

const auth = { authorization: 'Bearer sandbox-bank-key' };
const payout = {
  reference: 'wd-1',
  bankCode: 'SCB',
  accountNo: '1234567890',
  accountName: 'SOMCHAI',
  amountMinor: 50_000,
};

describe('bank', () => {
  let app: FastifyInstance;
  beforeEach(async () => {
    app = await buildSandbox();
  });
  afterEach(async () => {
    await app.close();
  });

  const pay = (body: object = payout) =>
    app.inject({ method: 'POST', url: '/bank/payouts', headers: auth, payload: body });
  const status = async (reference: string) =>
    (await app.inject({ method: 'GET', url: `/bank/payouts/${reference}`, headers: auth })).json();
  const control = (url: string, payload: object) => app.inject({ method: 'POST', url, payload });

  it('pays out once per reference and reports its status', async () => {
    const first = await pay();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      status: 'success',
      reference: 'wd-1',
      amountMinor: 50_000,
      currency: 'THB',
    });
    expect((await pay()).json()).toEqual(first.json());
    const list = (
      await app.inject({ method: 'GET', url: '/sandbox/bank/payouts' })
    ).json() as unknown[];
    expect(list).toHaveLength(1);
    expect(await status('wd-1')).toMatchObject({ status: 'success', accountNo: '1234567890' });
    expect(await status('wd-2')).toEqual({ status: 'not_found', reference: 'wd-2' });
  });

  it('refuses a reused reference with another amount', async () => {
    await pay();
    const res = await pay({ ...payout, amountMinor: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('REFERENCE_CONFLICT');
  });

  it.each([
    { amountMinor: 0 },
    { amountMinor: 10.5 },
    { accountNo: 'abc' },
    { bankCode: '' },
    { reference: undefined },
  ])('refuses bad input %j', async (change) => {
    const res = await pay({ ...payout, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_PARAMS');
    expect(await status('wd-1')).toMatchObject({ status: 'not_found' });
  });

  it('requires the API key', async () => {
    const res = await app.inject({ method: 'POST', url: '/bank/payouts', payload: payout });
    expect(res.statusCode).toBe(401);
  });

  it('fails payouts to rejected accounts and by queued outcomes, recording each', async () => {
    await control('/sandbox/bank/faults', {
      rejectAccountNos: ['1234567890'],
      nextOutcomes: ['ok', 'timeout-after'],
      hangMs: 20,
    });
    const closed = await pay();
    expect(closed.statusCode).toBe(400);
    expect(closed.json().code).toBe('ACCOUNT_CLOSED');
    expect(await status('wd-1')).toMatchObject({ status: 'failed', code: 'ACCOUNT_CLOSED' });

    const late = await pay({ ...payout, reference: 'wd-2', accountNo: '9999999999' });
    expect(late.statusCode).toBe(504);
    expect(await status('wd-2')).toMatchObject({ status: 'success' });

    await control('/sandbox/bank/faults/clear', {});
    expect((await pay({ ...payout, reference: 'wd-3' })).statusCode).toBe(200);
  });

  it('credits a member through the incoming feed, read with a cursor', async () => {
    const credit = await control('/sandbox/bank/credit-member', {
      bankCode: 'SCB',
      accountNo: '1234567890',
      amountMinor: 50_000,
    });
    expect(credit.statusCode).toBe(200);
    const { transfer } = credit.json() as { transfer: { reference: string } };
    expect(transfer).toMatchObject({
      fromBankCode: 'SCB',
      fromAccountNo: '1234567890',
      amountMinor: 50_000,
      currency: 'THB',
    });

    const feed = async (cursor?: string) =>
      (
        await app.inject({
          method: 'GET',
          url: `/bank/incoming${cursor ? `?cursor=${cursor}` : ''}`,
          headers: auth,
        })
      ).json() as { transfers: { reference: string }[]; cursor: string };
    const firstRead = await feed();
    expect(firstRead.transfers.map((t) => t.reference)).toEqual([transfer.reference]);
    expect((await feed(firstRead.cursor)).transfers).toEqual([]);

    await control('/sandbox/bank/credit-member', {
      bankCode: 'KBANK',
      accountNo: '2222222222',
      amountMinor: 100,
    });
    const next = await feed(firstRead.cursor);
    expect(next.transfers).toHaveLength(1);
    // a cursor from another sandbox run reads from the start
    expect((await feed('old:1')).transfers).toHaveLength(2);
  });

  it('makes one transfer known to the feed and the slip verifier: same transRef, amount, sender, receiver', async () => {
    const credit = await control('/sandbox/bank/credit-member', {
      bankCode: 'SCB',
      accountNo: '1234567890',
      accountName: 'SOMCHAI JAIDEE',
      amountMinor: 12_345,
    });
    expect(credit.statusCode).toBe(200);
    const body = credit.json() as {
      transfer: { transRef: string; sendingBank: string; receivedAt: string };
      transRef: string;
      slipUrl: string;
    };
    expect(body.transfer).toMatchObject({ transRef: body.transRef, sendingBank: '014' });
    expect(body.slipUrl).toBe(`/sandbox/slip/transfers/${body.transRef}/slip.png`);
    const verified = await app.inject({
      method: 'POST',
      url: '/slip/verify',
      headers: { authorization: 'Bearer sandbox-slip-key' },
      payload: { sendingBank: 'SCB', transRef: body.transRef },
    });
    expect(verified.statusCode).toBe(200);
    expect((verified.json() as { data: unknown }).data).toMatchObject({
      transRef: body.transRef,
      sendingBank: '014',
      amountMinor: 12_345,
      date: body.transfer.receivedAt,
      sender: { bankShortCode: 'SCB', accountNo: '1234567890' },
      receiver: { bankShortCode: 'KBANK', accountNo: '1423096718' },
    });
    const png = await app.inject({ method: 'GET', url: body.slipUrl });
    expect(png.headers['content-type']).toBe('image/png');

    // A given receiver and reference; a reference already used is refused and nothing enters the feed.
    const toScb = await control('/sandbox/bank/credit-member', {
      bankCode: 'KBANK',
      accountNo: '2222222222',
      toBankCode: 'SCB',
      toAccountNo: '4071852263',
      amountMinor: 500,
      transRef: 'REF12345',
    });
    expect(toScb.json()).toMatchObject({ transRef: 'REF12345', transfer: { sendingBank: '004' } });
    const slip = await app.inject({ method: 'GET', url: '/sandbox/slip/transfers/REF12345' });
    expect(slip.json()).toMatchObject({
      receiver: { bankShortCode: 'SCB', accountNo: '4071852263' },
    });
    const again = await control('/sandbox/bank/credit-member', {
      bankCode: 'KBANK',
      accountNo: '2222222222',
      amountMinor: 500,
      transRef: 'REF12345',
    });
    expect(again.statusCode).toBe(409);
    expect(
      (await app.inject({ method: 'GET', url: '/sandbox/bank/incoming' })).json(),
    ).toHaveLength(2);
  });

  it('has no slip for a transfer in kip, but still a transRef in the feed', async () => {
    const credit = await control('/sandbox/bank/credit-member', {
      bankCode: 'SCB',
      accountNo: '1234567890',
      amountMinor: 100,
      currency: 'LAK',
    });
    const body = credit.json() as { transRef: string; slipUrl: string | null };
    expect(body.slipUrl).toBeNull();
    expect(
      (await app.inject({ method: 'GET', url: `/sandbox/slip/transfers/${body.transRef}` }))
        .statusCode,
    ).toBe(404);
  });

  it('credits from the index page form with an amount in baht', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/sandbox/bank/credit-member',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'bankCode=scb&accountNo=123-456-7890&amount=12.5',
    });
    expect(res.statusCode).toBe(200);
    const [transfer] = (
      await app.inject({ method: 'GET', url: '/sandbox/bank/incoming' })
    ).json() as { amountMinor: number; fromBankCode: string; fromAccountNo: string }[];
    expect(transfer).toMatchObject({
      amountMinor: 1_250,
      fromBankCode: 'SCB',
      fromAccountNo: '1234567890',
    });
  });

  it('refuses a credit without a valid amount', async () => {
    const res = await control('/sandbox/bank/credit-member', {
      bankCode: 'SCB',
      accountNo: '1234567890',
      amountMinor: -5,
    });
    expect(res.statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: '/sandbox/bank/incoming' })).json()).toEqual([]);
  });
});
