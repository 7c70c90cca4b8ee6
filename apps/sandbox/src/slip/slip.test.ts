import type { FastifyInstance } from 'fastify';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseSlipQr } from '@mekong/contracts/slip-qr';
import { buildSandbox } from '../app.ts';
import { findThaiBank, maskAccountNo } from './thai-banks.ts';

const auth = { authorization: 'Bearer sandbox-slip-key' };
const NOW = Date.parse('2025-03-01T05:00:00.000Z');
const transfer = {
  amountMinor: 150_050,
  sender: { name: 'SOMCHAI JAIDEE', bankCode: 'SCB', accountNo: '1234567890' },
  receiver: { name: 'MEKONG WALLET CO', bankCode: 'KBANK', accountNo: '1423096718' },
};

/** Reads the QR in a PNG the way the server will: decode the image, find the code. */
function readQr(png: Buffer): string | null {
  const image = PNG.sync.read(png);
  const found = jsQR(new Uint8ClampedArray(image.data), image.width, image.height);
  return found?.data ?? null;
}

describe('slip verification', () => {
  let app: FastifyInstance;
  beforeEach(async () => {
    app = await buildSandbox({ now: () => NOW });
  });
  afterEach(async () => {
    await app.close();
  });

  const make = (payload: object = transfer) =>
    app.inject({ method: 'POST', url: '/sandbox/slip/transfers', payload });
  const verify = (payload: object) =>
    app.inject({ method: 'POST', url: '/slip/verify', headers: auth, payload });

  it('makes a known transfer whose slip PNG decodes back to its mini-QR', async () => {
    const res = await make();
    expect(res.statusCode).toBe(200);
    const { transfer: made, slipPngBase64 } = res.json();
    expect(made).toMatchObject({
      sendingBank: '014',
      receivingBank: '004',
      amountMinor: 150_050,
      date: new Date(NOW).toISOString(),
      sender: { bankCode: '014', bankShortCode: 'SCB', maskedAccountNo: 'xxx-x-x6789-x' },
      receiver: { bankCode: '004', accountNo: '1423096718' },
    });
    expect(made.transRef).toMatch(/^250301[A-Z0-9]{14}$/);
    expect(parseSlipQr(made.payload)).toEqual({
      ok: true,
      slip: { sendingBank: '014', transRef: made.transRef },
    });

    const png = Buffer.from(slipPngBase64, 'base64');
    const image = PNG.sync.read(png);
    expect([image.width, image.height]).toEqual([600, 900]);
    expect(readQr(png)).toBe(made.payload);

    const served = await app.inject({
      method: 'GET',
      url: `/sandbox/slip/transfers/${made.transRef}/slip.png`,
    });
    expect(served.headers['content-type']).toBe('image/png');
    expect(readQr(served.rawPayload)).toBe(made.payload);
  });

  it('verifies by bank and reference, or by the QR text, with sender and receiver', async () => {
    const { transfer: made } = (await make()).json();
    const byRef = await verify({ sendingBank: '014', transRef: made.transRef });
    expect(byRef.statusCode).toBe(200);
    expect(byRef.json()).toEqual({
      status: 'success',
      data: {
        transRef: made.transRef,
        sendingBank: '014',
        receivingBank: '004',
        amountMinor: 150_050,
        amount: '1500.50',
        date: new Date(NOW).toISOString(),
        payload: made.payload,
        sender: {
          name: 'SOMCHAI JAIDEE',
          bankCode: '014',
          bankShortCode: 'SCB',
          accountNo: '1234567890',
          maskedAccountNo: 'xxx-x-x6789-x',
        },
        receiver: {
          name: 'MEKONG WALLET CO',
          bankCode: '004',
          bankShortCode: 'KBANK',
          accountNo: '1423096718',
          maskedAccountNo: 'xxx-x-x9671-x',
        },
      },
    });
    expect((await verify({ payload: made.payload })).json()).toEqual(byRef.json());
    expect((await verify({ sendingBank: 'SCB', transRef: made.transRef })).statusCode).toBe(200);
  });

  it('answers TRANSACTION_NOT_FOUND for an unknown reference or another bank', async () => {
    const { transfer: made } = (await make()).json();
    for (const payload of [
      { sendingBank: '014', transRef: 'UNKNOWN123' },
      { sendingBank: '004', transRef: made.transRef },
    ]) {
      const res = await verify(payload);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ status: 'error', code: 'TRANSACTION_NOT_FOUND' });
    }
  });

  it('refuses a QR text that is not a slip QR, bad input, and a missing key', async () => {
    const res = await verify({ payload: 'https://example.com' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INVALID_PAYLOAD', reason: 'NOT_SLIP_QR' });
    expect((await verify({ sendingBank: '014' })).json().code).toBe('INVALID_PARAMS');
    expect((await verify({ sendingBank: '999', transRef: 'X' })).json().code).toBe(
      'INVALID_PARAMS',
    );
    const noKey = await app.inject({
      method: 'POST',
      url: '/slip/verify',
      payload: { sendingBank: '014', transRef: 'X' },
    });
    expect(noKey.statusCode).toBe(401);
  });

  it('answers BANK_DELAYED for the first tries of a delayed transfer, and for a delayed bank', async () => {
    const { transfer: made } = (await make({ ...transfer, delayedTimes: 2 })).json();
    const ask = () => verify({ sendingBank: '014', transRef: made.transRef });
    for (let i = 0; i < 2; i++) {
      const res = await ask();
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 'BANK_DELAYED' });
    }
    expect((await ask()).statusCode).toBe(200);

    await app.inject({
      method: 'POST',
      url: '/sandbox/slip/faults',
      payload: { delayedBanks: ['014'] },
    });
    expect((await ask()).json().code).toBe('BANK_DELAYED');
    await app.inject({ method: 'POST', url: '/sandbox/slip/faults/clear', payload: {} });
    expect((await ask()).statusCode).toBe(200);
  });

  it('keeps a given reference and date, and refuses a reused reference or unknown bank', async () => {
    const date = new Date(NOW - 2 * 3_600_000).toISOString();
    const res = await make({ ...transfer, transRef: 'OLDSLIP0001', date });
    expect(res.json().transfer).toMatchObject({ transRef: 'OLDSLIP0001', date });
    expect((await make({ ...transfer, transRef: 'OLDSLIP0001' })).statusCode).toBe(409);
    const badBank = await make({ ...transfer, sender: { ...transfer.sender, bankCode: 'XYZ' } });
    expect(badBank.json()).toMatchObject({ code: 'INVALID_PARAMS', field: 'sender.bankCode' });
  });

  it('puts a transfer into the bank feed too when asked (alsoInBankFeed), not by default', async () => {
    await make();
    const incoming = async () =>
      (await app.inject({ method: 'GET', url: '/sandbox/bank/incoming' })).json() as {
        transRef: string;
        sendingBank: string;
        fromBankCode: string;
        fromAccountNo: string;
        amountMinor: number;
      }[];
    expect(await incoming()).toEqual([]);
    const res = await make({ ...transfer, alsoInBankFeed: true });
    expect(res.statusCode).toBe(200);
    const made = res.json() as { transfer: { transRef: string; date: string } };
    expect(await incoming()).toEqual([
      expect.objectContaining({
        transRef: made.transfer.transRef,
        sendingBank: '014',
        fromBankCode: 'SCB',
        fromAccountNo: '1234567890',
        amountMinor: 150_050,
        receivedAt: made.transfer.date,
      }),
    ]);
    const unknownBank = await make({
      ...transfer,
      sender: { ...transfer.sender, bankCode: 'XYZ' },
      alsoInBankFeed: true,
    });
    expect(unknownBank.statusCode).toBe(400);
    expect(await incoming()).toHaveLength(1);
  });

  it('makes a transfer and slip from the index page form', async () => {
    expect((await app.inject({ method: 'GET', url: '/' })).body).toContain(
      'Slip verification service',
    );
    const res = await app.inject({
      method: 'POST',
      url: '/sandbox/slip/transfers',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload:
        'senderBank=ktb&senderAccountNo=111-222-3333&senderName=A+B&receiverBank=KBANK' +
        '&receiverAccountNo=1423096718&receiverName=OP&amount=99.5&minutesAgo=30',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('slip.png');
    const [made] = (await app.inject({ method: 'GET', url: '/sandbox/slip/transfers' })).json();
    expect(made).toMatchObject({
      amountMinor: 9_950,
      sendingBank: '006',
      date: new Date(NOW - 30 * 60_000).toISOString(),
      sender: { accountNo: '1112223333' },
    });
  });

  it('renders a plain QR image of any text', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/sandbox/slip/qr-image',
      payload: { text: 'not a slip' },
    });
    expect(readQr(Buffer.from(res.json().pngBase64, 'base64'))).toBe('not a slip');
  });
});

describe('thai banks', () => {
  it('finds banks by either code and masks account numbers like slips', () => {
    expect(findThaiBank('scb')?.code).toBe('014');
    expect(findThaiBank('011')?.shortCode).toBe('TMB');
    expect(findThaiBank('TTB')?.code).toBe('011');
    expect(findThaiBank('XYZ')).toBeUndefined();
    expect(maskAccountNo('1234567890')).toBe('xxx-x-x6789-x');
    expect(maskAccountNo('123456789012')).toBe('xxxxxxxx9012');
  });
});
