import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QrState } from '@mekong/contracts/deposit';
import { QR_PAYMENT_SHOWN_MS } from '@/modules/deposit/qr.service.ts';
import { cashOf } from './support/bank.ts';
import { createMoneyInTestApp, type MoneyInTestApp } from './support/money-in.ts';
import { walletMember } from './support/money.ts';

let t: MoneyInTestApp;
beforeAll(async () => {
  t = await createMoneyInTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function qrState(token: string, provider: string): Promise<QrState> {
  const response = await t.api('GET', `/api/qrcode/${provider}`, { token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as QrState;
}

async function newQr(token: string, provider: string, amount: number) {
  const response = await t.api('POST', `/api/qrcode/${provider}`, { token, body: { amount } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as QrState;
}

async function pay(provider: string, reference: string, options: Record<string, unknown> = {}) {
  const answer = await t.gatewayPost('/sandbox/qr/pay', { provider, reference, ...options });
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
}

describe('GET /api/qrcode/{provider} after the QR is paid (docs/design.md#deposits)', () => {
  it('answers the credited payment with its id and amount, for a while, then nothing', async () => {
    const m = await walletMember(t);
    const created = await newQr(m.token, 'KBANK', 120.5);
    expect(created).toMatchObject({ hasQrcode: true, payment: null });
    expect(created.reference).toMatch(/^Q[0-9A-Z]{15}$/);
    expect(await qrState(m.token, 'KBANK')).toMatchObject({
      qrcodeId: created.qrcodeId,
      reference: created.reference,
      payment: null,
    });

    await pay('KBANK', created.reference ?? '');
    expect(await cashOf(t, m.memberId)).toBe(120_50n);
    const paid = await qrState(m.token, 'KBANK');
    expect(paid).toMatchObject({
      qrcodeId: null,
      hasQrcode: false,
      qrcode: null,
      amount: null,
      reference: null,
      payment: { qrcodeId: created.qrcodeId, status: 'SUCCESS', amount: 120.5 },
    });
    expect(Date.parse(paid.payment?.paidAt ?? '')).not.toBeNaN();
    // Other gateways and other members know nothing of it.
    expect((await qrState(m.token, 'WW')).payment).toBeNull();
    const other = await walletMember(t);
    expect((await qrState(other.token, 'KBANK')).payment).toBeNull();

    t.clock.advance(QR_PAYMENT_SHOWN_MS - 1000);
    expect((await qrState(m.token, 'KBANK')).payment).toMatchObject({ status: 'SUCCESS' });
    t.clock.advance(2000);
    expect((await qrState(m.token, 'KBANK')).payment).toBeNull();
  });

  it('answers a payment kept for an operator (another amount) as PENDING with what was paid, nothing credited', async () => {
    const m = await walletMember(t);
    const created = await newQr(m.token, 'E2P', 300);
    await pay('E2P', created.reference ?? '', { amountMinor: 200_00 });
    expect(await cashOf(t, m.memberId)).toBe(0n);
    expect((await qrState(m.token, 'E2P')).payment).toMatchObject({
      qrcodeId: created.qrcodeId,
      status: 'PENDING',
      amount: 200,
    });
  });

  it('a new active QR is what GET answers, not the earlier payment', async () => {
    const m = await walletMember(t);
    const first = await newQr(m.token, 'WW', 100);
    await pay('WW', first.reference ?? '');
    expect((await qrState(m.token, 'WW')).payment).toMatchObject({ qrcodeId: first.qrcodeId });
    const second = await newQr(m.token, 'WW', 200);
    expect(await qrState(m.token, 'WW')).toMatchObject({
      qrcodeId: second.qrcodeId,
      hasQrcode: true,
      payment: null,
    });
  });

  it('an unpaid QR that expired answers nothing', async () => {
    const m = await walletMember(t);
    await newQr(m.token, 'KBANK', 10);
    t.clock.advance(10 * 60_000 + 1000);
    expect(await qrState(m.token, 'KBANK')).toMatchObject({ hasQrcode: false, payment: null });
  });
});
