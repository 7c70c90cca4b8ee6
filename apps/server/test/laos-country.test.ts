import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { login, registration, verifyPhone } from './support/members.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ COUNTRY: 'LA' });
});
afterAll(async () => {
  await t?.close();
});

let sequence = 0;
const laoPhone = () =>
  `20${String(Date.now() % 1_000_000).padStart(6, '0')}${String((sequence += 1)).padStart(2, '0')}`;

describe('Laos mode (COUNTRY=LA)', () => {
  it('takes phones of 8 to 11 digits and names other lengths PHONE_NUMBER_INVALID', async () => {
    for (const phoneNumber of ['1234567', '123456789012', '020-555-1234']) {
      const response = await t.api('POST', '/api/otp/send', { body: { phoneNumber } });
      expect(response.json(), phoneNumber).toEqual({ message: 'PHONE_NUMBER_INVALID' });
    }
    expect(
      (await t.api('POST', '/api/otp/send', { body: { phoneNumber: '55512345' } })).json(),
    ).toMatchObject({ code: 'OK' });
  });

  it('registers in kip by default, or in baht when chosen, and signs in', async () => {
    for (const [currency, expected] of [
      [undefined, 'LAK'],
      ['BAHT', 'BAHT'],
    ] as const) {
      const phone = laoPhone();
      const otpToken = await verifyPhone(t, phone);
      const body = registration({
        username: phone,
        bankCode: 'BCEL',
        bankAccountName: 'Vilay Phommachanh',
        otpToken,
        ...(currency ? { currency } : {}),
      });
      const created = await t.api('POST', '/api/account', { body });
      expect(created.json()).toMatchObject({ message: 'SUCCESS' });
      const token = await login(t, phone);
      const profile = await t.api('GET', '/api/account/profile', { token });
      expect(profile.json()).toMatchObject({
        profile: { username: phone, currency: expected, bankCode: 'BCEL' },
      });
    }
  });

  it('refuses another currency (CURRENCY_INVALID)', async () => {
    const phone = laoPhone();
    const otpToken = await verifyPhone(t, phone);
    const response = await t.api('POST', '/api/account/validate', {
      body: registration({ username: phone, currency: 'USD', otpToken }),
    });
    expect(response.json()).toEqual({ message: 'CURRENCY_INVALID' });
  });

  it('lists the Lao banks first', async () => {
    const banks = (await t.api('GET', '/api/lookup/banks')).json() as { country: string }[];
    expect(banks[0]?.country).toBe('LA');
  });
});
