import { createHmac } from 'node:crypto';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QrProvider } from '@mekong/contracts/constants';
import { readPaymentQr } from '@mekong/contracts/thai-qr';
import { cashOf, statementOf } from './support/bank.ts';
import { createMoneyInTestApp, type MoneyInTestApp } from './support/money-in.ts';
import { expectLedgerConsistent, walletMember } from './support/money.ts';

let t: MoneyInTestApp;
beforeAll(async () => {
  t = await createMoneyInTestApp();
});
afterAll(async () => {
  await t?.close();
});

type QrState = {
  qrcodeId: string | null;
  hasQrcode: boolean;
  qrcode: string | null;
  amount: number | null;
  expireIn: number | null;
};
type Delivery = { attempt: number; httpStatus: number | null; body?: string };

async function createQr(token: string, provider: string, amount: unknown) {
  return t.api('POST', `/api/qrcode/${provider}`, { token, body: { amount } });
}

async function newQr(token: string, provider = 'KBANK', amount = 100) {
  const response = await createQr(token, provider, amount);
  expect(response.statusCode, response.body).toBe(200);
  const state = response.json() as QrState;
  const row = await t.app.deps.db.kysely
    .selectFrom('qr_payments')
    .select(['reference', 'payload', 'status', 'hold_reason'])
    .where('id', '=', state.qrcodeId ?? '')
    .executeTakeFirstOrThrow();
  return { state, reference: row.reference, payload: row.payload };
}

async function pay(provider: string, reference: string, options: Record<string, unknown> = {}) {
  const answer = await t.gatewayPost('/sandbox/qr/pay', { provider, reference, ...options });
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  return (answer.json as { data: { deliveries: Delivery[] } }).data.deliveries;
}

async function qrRow(reference: string) {
  return t.app.deps.db.kysely
    .selectFrom('qr_payments')
    .select(['status', 'hold_reason', 'transfer_id'])
    .where('reference', '=', reference)
    .executeTakeFirstOrThrow();
}

function hook(provider: string, body: string, signature?: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/hooks/qr/${provider}`,
    headers: {
      'content-type': 'application/json',
      ...(signature === undefined ? {} : { 'x-signature': signature }),
    },
    payload: body,
  });
}
const sign = (provider: string, body: string) =>
  createHmac('sha256', t.config[`QR_WEBHOOK_SECRET_${provider as QrProvider}`] ?? '')
    .update(body)
    .digest('hex');

describe('QR deposits (D6)', () => {
  it('creates a dynamic Thai QR for the amount, rendered from exactly its payload, and shows it again', async () => {
    const m = await walletMember(t);
    const { state, reference, payload } = await newQr(m.token, 'KBANK', 150.25);
    expect(state).toMatchObject({ hasQrcode: true, amount: 150.25, expireIn: 600, message: null });
    const read = readPaymentQr(payload);
    expect(read.ok && read.qr.billPayment?.ref1).toBe(reference);
    expect(read.ok && read.qr.amountMinor).toBe(150_25n);
    expect(read.ok && read.qr.isDynamic).toBe(true);
    // The SVG is the qrcode library's rendering of that payload (no browser here to rasterise and decode it).
    const svg = await QRCode.toString(payload, {
      type: 'svg',
      margin: 1,
      errorCorrectionLevel: 'M',
    });
    expect(state.qrcode).toBe(svg);
    expect(state.qrcode).toMatch(/^<svg /);
    expect(await QRCode.toString(`${payload}X`, { type: 'svg', margin: 1 })).not.toBe(state.qrcode);

    t.clock.advance(60_000);
    const again = await t.api('GET', '/api/qrcode/KBANK', { token: m.token });
    expect(again.json()).toMatchObject({
      qrcodeId: state.qrcodeId,
      hasQrcode: true,
      expireIn: 540,
    });
    const other = await t.api('GET', '/api/qrcode/WW', { token: m.token });
    expect(other.json()).toEqual({
      qrcodeId: null,
      hasQrcode: false,
      qrcode: null,
      amount: null,
      expireIn: null,
      message: null,
      reference: null,
      payment: null,
    });
  });

  it('credits a paid QR once when the webhook comes three times, and shows it in the statement', async () => {
    const m = await walletMember(t);
    const { reference } = await newQr(m.token, 'KBANK', 100);
    const deliveries = await pay('KBANK', reference, { times: 3 });
    expect(deliveries.map((d) => d.httpStatus)).toEqual([200, 200, 200]);
    expect(
      deliveries.map((d) => (JSON.parse(d.body ?? '{}') as { result: string }).result),
    ).toEqual(['credited', 'duplicate', 'duplicate']);
    expect(await cashOf(t, m.memberId)).toBe(100_00n);
    expect((await qrRow(reference)).status).toBe('paid');
    const { statements } = await statementOf(t, m.token);
    expect(statements).toEqual([
      expect.objectContaining({
        statementType: 'deposit',
        amount: 100,
        status: 'SUCCESS',
        to: 'wallet',
      }),
    ]);
    // Paid: no QR shown any more.
    expect((await t.api('GET', '/api/qrcode/KBANK', { token: m.token })).json()).toMatchObject({
      hasQrcode: false,
    });
  });

  it('credits once when the webhook is delivered concurrently', async () => {
    const m = await walletMember(t);
    const { reference } = await newQr(m.token, 'WW', 250);
    const deliveries = await pay('WW', reference, { times: 8, isConcurrent: true });
    expect(deliveries.every((d) => d.httpStatus === 200)).toBe(true);
    expect(await cashOf(t, m.memberId)).toBe(250_00n);
    const deposits = await t.app.deps.db.kysely
      .selectFrom('ledger_transfers')
      .select('id')
      .where('member_id', '=', m.memberId)
      .where('kind', '=', 'deposit')
      .execute();
    expect(deposits).toHaveLength(1);
    await expectLedgerConsistent(t.app.deps.db);
  });

  it('a forged signature is refused (401) and changes nothing', async () => {
    const m = await walletMember(t);
    const { reference } = await newQr(m.token, 'E2P', 60);
    const deliveries = await pay('E2P', reference, { isSignatureForged: true, times: 2 });
    expect(deliveries.map((d) => d.httpStatus)).toEqual([401, 401]);
    expect(await cashOf(t, m.memberId)).toBe(0n);
    expect(await qrRow(reference)).toMatchObject({ status: 'active', transfer_id: null });

    const body = JSON.stringify({
      provider: 'E2P',
      reference,
      amountMinor: 6000,
      paidAt: t.clock.now().toISOString(),
      transactionId: 'TX1',
    });
    // Signed for another provider, a truncated signature, none at all, or the right one over other bytes.
    for (const signature of [
      sign('KBANK', body),
      sign('E2P', body).slice(0, 60),
      undefined,
      sign('E2P', `${body} `),
    ]) {
      const response = await hook('E2P', body, signature);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'UNAUTHORIZED' });
    }
    expect(await cashOf(t, m.memberId)).toBe(0n);
  });

  it('a paid notice with another amount is held for an operator, not credited', async () => {
    const m = await walletMember(t);
    const { reference } = await newQr(m.token, 'KBANK', 300);
    const deliveries = await pay('KBANK', reference, { amountMinor: 3_000 });
    expect(deliveries[0]?.httpStatus).toBe(200);
    expect(await cashOf(t, m.memberId)).toBe(0n);
    expect(await qrRow(reference)).toMatchObject({
      status: 'held',
      hold_reason: 'AMOUNT_MISMATCH',
    });
    // Delivered again: still nothing.
    await pay('KBANK', reference, { amountMinor: 3_000, isForced: true });
    expect(await cashOf(t, m.memberId)).toBe(0n);
  });

  it('an expired QR is gone and a late payment of it is held, never credited', async () => {
    const m = await walletMember(t);
    const { reference } = await newQr(m.token, 'KBANK', 40);
    t.clock.advance(10 * 60_000 + 1000);
    expect((await t.api('GET', '/api/qrcode/KBANK', { token: m.token })).json()).toMatchObject({
      hasQrcode: false,
    });
    const refused = await t.gatewayPost('/sandbox/qr/pay', { provider: 'KBANK', reference });
    expect(refused.status).toBe(409);
    await pay('KBANK', reference, { isForced: true });
    expect(await cashOf(t, m.memberId)).toBe(0n);
    expect(await qrRow(reference)).toMatchObject({
      status: 'held',
      hold_reason: 'PAID_AFTER_EXPIRY',
    });
  });

  it('a cancelled QR (by DELETE or by a new one) credits nothing when paid later', async () => {
    const m = await walletMember(t);
    const first = await newQr(m.token, 'E2P', 50);
    const wrongId = await t.api('DELETE', '/api/qrcode/E2P', {
      token: m.token,
      body: { qrcodeId: '00000000-0000-0000-0000-000000000000' },
    });
    expect(wrongId.json()).toMatchObject({ hasQrcode: true, qrcodeId: first.state.qrcodeId });
    const cancelled = await t.api('DELETE', '/api/qrcode/E2P', {
      token: m.token,
      body: { qrcodeId: first.state.qrcodeId },
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ hasQrcode: false, qrcodeId: null });
    expect((await qrRow(first.reference)).status).toBe('cancelled');
    await pay('E2P', first.reference, { isForced: true });
    expect(await qrRow(first.reference)).toMatchObject({
      status: 'held',
      hold_reason: 'PAID_AFTER_CANCEL',
    });

    const second = await newQr(m.token, 'E2P', 70);
    const third = await newQr(m.token, 'E2P', 80);
    expect(third.state.qrcodeId).not.toBe(second.state.qrcodeId);
    expect((await qrRow(second.reference)).status).toBe('cancelled');
    await pay('E2P', second.reference, { isForced: true });
    expect(await cashOf(t, m.memberId)).toBe(0n);
    // The replacement is the one that pays.
    await pay('E2P', third.reference);
    expect(await cashOf(t, m.memberId)).toBe(80_00n);
    await expectLedgerConsistent(t.app.deps.db);
  });

  it('keeps the minimums of docs/spec.md §5 on the server and refuses bad input with a clear code', async () => {
    const m = await walletMember(t);
    const cases: [string, unknown, number, string][] = [
      ['WW', 99.99, 400, 'QR_AMOUNT_MINIMUM'],
      ['E2P', 49, 400, 'QR_AMOUNT_MINIMUM'],
      ['KBANK', 0, 400, 'QR_AMOUNT_MINIMUM'],
      ['KBANK', -5, 400, 'QR_AMOUNT_MINIMUM'],
      ['KBANK', '100', 400, 'INVALID_AMOUNT'],
      ['KBANK', 10.001, 400, 'INVALID_AMOUNT'],
      ['SCB', 100, 400, 'QR_FAIL'],
    ];
    for (const [provider, amount, status, code] of cases) {
      const response = await createQr(m.token, provider, amount);
      expect(response.statusCode, `${provider} ${String(amount)}`).toBe(status);
      expect(response.json()).toEqual({ message: code });
    }
    expect((await createQr(m.token, 'WW', 100)).statusCode).toBe(200);
    expect((await createQr(m.token, 'E2P', 50)).statusCode).toBe(200);
    expect((await createQr(m.token, 'KBANK', 0.01)).statusCode).toBe(200);
    const noBody = await t.api('DELETE', '/api/qrcode/KBANK', { token: m.token, body: {} });
    expect(noBody.json()).toEqual({ message: 'QR_FAIL' });
    const anonymous = await t.api('GET', '/api/qrcode/KBANK');
    expect(anonymous.statusCode).toBe(401);
  });

  it('bad webhook bodies never 500: unknown provider, unknown reference, junk, wrong provider in the body', async () => {
    const m = await walletMember(t);
    const { reference } = await newQr(m.token, 'KBANK', 20);
    const notice = (over: Record<string, unknown> = {}) =>
      JSON.stringify({
        provider: 'KBANK',
        reference,
        amountMinor: 2000,
        paidAt: t.clock.now().toISOString(),
        transactionId: 'TXK',
        ...over,
      });
    const cases: [string, string, number][] = [
      ['SCB', notice(), 404],
      ['KBANK', notice({ reference: 'QNOSUCHREFERENCE' }), 404],
      ['KBANK', 'not json', 400],
      ['KBANK', '[]', 400],
      ['KBANK', notice({ amountMinor: '2000' }), 400],
      ['KBANK', notice({ provider: 'WW' }), 400],
      ['KBANK', notice({ paidAt: 'yesterday' }), 400],
    ];
    for (const [provider, body, status] of cases) {
      const response = await hook(provider, body, sign(provider, body));
      expect(response.statusCode, body).toBe(status);
    }
    const huge = 'x'.repeat(20_000);
    expect((await hook('KBANK', huge, sign('KBANK', huge))).statusCode).toBe(413);
    expect(await cashOf(t, m.memberId)).toBe(0n);
    // The genuine notice, hand-signed, credits once.
    const genuine = notice();
    expect((await hook('KBANK', genuine, sign('KBANK', genuine))).json()).toMatchObject({
      result: 'credited',
    });
    expect((await hook('KBANK', genuine, sign('KBANK', genuine))).json()).toMatchObject({
      result: 'duplicate',
    });
    expect(await cashOf(t, m.memberId)).toBe(20_00n);
  });
});
