import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { QrProvider } from '@mekong/contracts/constants';
import type { ChosenQrState, DepositOptions, QrState } from '@mekong/contracts/deposit';
import { MAX_AMOUNT } from '@mekong/contracts/money';
import { saveSetting } from '@/modules/settings/settings.repository.ts';
import { cashOf } from './support/bank.ts';
import { createMoneyInTestApp, type MoneyInTestApp } from './support/money-in.ts';
import { walletMember } from './support/money.ts';

let t: MoneyInTestApp;
beforeAll(async () => {
  t = await createMoneyInTestApp();
});
afterEach(async () => {
  await maintenance([]);
  await t.gatewayPost('/sandbox/qr/faults/clear', {});
});
afterAll(async () => {
  await t?.close();
});

const maintenance = (gateways: QrProvider[]) =>
  saveSetting(t.app.deps.db.kysely, 'qrGateways', { maintenance: gateways }, t.clock.now());

const chosen = (token: string, amount: number) =>
  t.api('POST', '/api/qrcode', { token, body: { amount } });

/** The gateway the server picked for this amount (and its QR is that gateway's, for exactly that amount). */
async function gatewayFor(amount: number): Promise<QrProvider> {
  const m = await walletMember(t);
  const response = await chosen(m.token, amount);
  expect(response.statusCode, response.body).toBe(200);
  const state = response.json() as ChosenQrState;
  expect(state).toMatchObject({ hasQrcode: true, amount });
  const row = await t.app.deps.db.kysely
    .selectFrom('qr_payments')
    .select(['provider', 'status'])
    .where('id', '=', state.qrcodeId ?? '')
    .executeTakeFirstOrThrow();
  expect(row).toEqual({ provider: state.provider, status: 'active' });
  return state.provider;
}

async function refusal(amount: number): Promise<string> {
  const m = await walletMember(t);
  const response = await chosen(m.token, amount);
  expect(response.statusCode).toBeGreaterThanOrEqual(400);
  return (response.json() as { message: string }).message;
}

describe('POST /api/qrcode: one QR button, the server picks the gateway (docs/decisions/0022-one-qr-button.md)', () => {
  it('with every gateway open, the first whose rules take the amount: KBANK from 0.01 to the most one call carries', async () => {
    expect(await gatewayFor(0.01)).toBe('KBANK');
    expect(await gatewayFor(49.99)).toBe('KBANK');
    expect(await gatewayFor(MAX_AMOUNT)).toBe('KBANK');
    expect(await refusal(0)).toBe('QR_AMOUNT_MINIMUM');
    expect(await refusal(MAX_AMOUNT + 1)).toBe('AMOUNT_TOO_LARGE');
  });

  it('keeps each gateway’s minimum when KBANK is in maintenance: E2P from 50, WW from 100, nothing below 50', async () => {
    await maintenance(['KBANK']);
    expect(await refusal(49.99)).toBe('QR_AMOUNT_MINIMUM');
    expect(await gatewayFor(50)).toBe('E2P');
    expect(await gatewayFor(99.99)).toBe('E2P');
    expect(await gatewayFor(100)).toBe('WW');
  });

  it('an amount only one open gateway takes goes to it; every gateway in maintenance makes no QR', async () => {
    await maintenance(['KBANK', 'E2P']);
    expect(await refusal(99.99)).toBe('QR_AMOUNT_MINIMUM');
    expect(await gatewayFor(100)).toBe('WW');
    await maintenance(['KBANK', 'WW']);
    expect(await gatewayFor(50)).toBe('E2P');
    await maintenance(['KBANK', 'WW', 'E2P']);
    expect(await refusal(100)).toBe('QR_FAIL');
  });

  it('the deposit options say which gateways are open; with none, QR is not offered', async () => {
    const m = await walletMember(t);
    await maintenance(['WW']);
    let options = (await t.api('GET', '/api/deposit/options', { token: m.token })).json() as DepositOptions;
    expect(options.qrProviders).toEqual(['KBANK', 'WW', 'E2P']);
    expect(options.qrOpen).toEqual(['KBANK', 'E2P']);
    expect(options.methods).toContain('qr');
    await maintenance(['KBANK', 'WW', 'E2P']);
    options = (await t.api('GET', '/api/deposit/options', { token: m.token })).json() as DepositOptions;
    expect(options.qrOpen).toEqual([]);
    expect(options.methods).not.toContain('qr');
  });

  it('the spec’s per-gateway call keeps the rules too: a gateway in maintenance makes no QR', async () => {
    const m = await walletMember(t);
    await maintenance(['E2P']);
    const refused = await t.api('POST', '/api/qrcode/E2P', { token: m.token, body: { amount: 60 } });
    expect(refused.json()).toMatchObject({ message: 'QR_FAIL' });
    const below = await t.api('POST', '/api/qrcode/WW', { token: m.token, body: { amount: 99.99 } });
    expect(below.json()).toMatchObject({ message: 'QR_AMOUNT_MINIMUM' });
    const made = await t.api('POST', '/api/qrcode/WW', { token: m.token, body: { amount: 100 } });
    expect(made.statusCode, made.body).toBe(200);
  });

  it('a gateway that refuses is passed over for the next that takes the amount; none left: QR_FAIL', async () => {
    const failing = await t.gatewayPost('/sandbox/qr/faults', { provider: 'KBANK', failureRate: 1 });
    expect(failing.status).toBe(200);
    expect(await gatewayFor(60)).toBe('E2P');
    expect(await gatewayFor(150)).toBe('WW');
    // 10 baht: only KBANK takes it, and it is down.
    expect(await refusal(10)).toBe('QR_FAIL');
  });

  it('one QR waits at a time: a new one closes the member’s QR at any gateway, and the new one is paid and credited', async () => {
    const m = await walletMember(t);
    const old = await t.api('POST', '/api/qrcode/WW', { token: m.token, body: { amount: 200 } });
    expect((old.json() as QrState).hasQrcode).toBe(true);
    const response = await chosen(m.token, 30);
    const state = response.json() as ChosenQrState;
    expect(state.provider).toBe('KBANK');
    expect((await t.api('GET', '/api/qrcode/WW', { token: m.token })).json()).toMatchObject({ hasQrcode: false });
    const row = await t.app.deps.db.kysely
      .selectFrom('qr_payments')
      .select('reference')
      .where('id', '=', state.qrcodeId ?? '')
      .executeTakeFirstOrThrow();
    const paid = await t.gatewayPost('/sandbox/qr/pay', { provider: 'KBANK', reference: row.reference });
    expect(paid.status).toBe(200);
    expect(await cashOf(t, m.memberId)).toBe(30_00n);
    const after = (await t.api('GET', '/api/qrcode/KBANK', { token: m.token })).json() as QrState;
    expect(after.payment).toMatchObject({ qrcodeId: state.qrcodeId, status: 'SUCCESS', amount: 30 });
  });
});
