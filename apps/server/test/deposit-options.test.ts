import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DepositOptions } from '@mekong/contracts/deposit';
import type { DepositBank } from '@mekong/contracts/lookup';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { login, registration, verifyPhone } from './support/members.ts';

let t: TestApp;
beforeAll(async () => {
  // Laos mode: members may register in kip or in baht, so both are tested on one server.
  t = await createTestApp({ COUNTRY: 'LA' });
  // A baht account that only pays out: never a place to deposit to.
  await t.app.deps.db.kysely
    .insertInto('operator_accounts')
    .values({
      id: randomUUID(),
      kind: 'bank',
      channel: 'BBL',
      bank_type: 'withdraw',
      mode: 'auto',
      account_name: 'MEKONG PAYOUTS',
      account_no: '9990001112',
      currency: 'BAHT',
      is_enabled: true,
      sort_order: 0,
      created_at: new Date(),
    })
    .execute();
});
afterAll(async () => {
  await t?.close();
});

let sequence = 0;
const laoPhone = () =>
  `20${String(Date.now() % 1_000_000).padStart(6, '0')}${String((sequence += 1)).padStart(2, '0')}`;

async function memberIn(currency: 'LAK' | 'BAHT'): Promise<string> {
  const phone = laoPhone();
  const otpToken = await verifyPhone(t, phone);
  const body = registration({
    username: phone,
    bankCode: 'BCEL',
    bankAccountName: 'Vilay Phommachanh',
    otpToken,
    currency,
  });
  const created = await t.api('POST', '/api/account', { body });
  expect(created.statusCode, created.body).toBe(200);
  return login(t, phone);
}

async function optionsOf(token: string): Promise<DepositOptions> {
  const response = await t.api('GET', '/api/deposit/options', { token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as DepositOptions;
}

describe('GET /api/deposit/options: methods and accounts in the member’s currency only', () => {
  it('the public deposit lookup lists the operator’s kip and baht accounts alike', async () => {
    const { banks } = (await t.api('GET', '/api/lookup/deposit')).json() as {
      banks: DepositBank[];
    };
    expect(new Set(banks.map((b) => b.currency))).toEqual(new Set(['BAHT', 'LAK']));
  });

  it('a baht member is offered every method and only baht deposit accounts', async () => {
    const options = await optionsOf(await memberIn('BAHT'));
    expect(options.methods).toEqual(['qr', 'bank', 'slip', 'giftLink']);
    expect(options.qrProviders).toEqual(['KBANK', 'WW', 'E2P']);
    expect(options.banks.map((b) => [b.bankCode, b.currency])).toEqual([
      ['KBANK', 'BAHT'],
      ['SCB', 'BAHT'],
    ]);
    expect(options.banks.some((b) => b.bankType === 'withdraw')).toBe(false);
    expect(options.wallets).toEqual([
      { mode: 'truemoney', walletAccountName: 'เมคอง วอลเล็ท', walletAccountNo: '0968874512' },
    ]);
    expect(options.isManual).toBe(false);
  });

  it('a kip member is offered bank transfer to the kip account alone (QR, slips and gift links are baht)', async () => {
    const options = await optionsOf(await memberIn('LAK'));
    expect(options.methods).toEqual(['bank']);
    expect(options.qrProviders).toEqual([]);
    expect(options.banks.map((b) => [b.bankCode, b.bankAccountNo, b.currency])).toEqual([
      ['BCEL', '0101000123456789', 'LAK'],
    ]);
    expect(options.wallets).toEqual([]);
  });

  it('needs a session', async () => {
    expect((await t.api('GET', '/api/deposit/options')).json()).toEqual({
      message: 'UNAUTHORIZED',
    });
  });
});
