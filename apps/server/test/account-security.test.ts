import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOGIN_WINDOW_MS } from '@mekong/contracts/constants';
import { saveSetting } from '@/modules/settings/settings.repository.ts';
import {
  depositViaBank,
  memberIdOf,
  payoutsTo,
  sandboxGet,
  sandboxPost,
  setWithdrawLimits,
  withdrawCall,
} from './support/bank.ts';
import {
  login,
  PASSWORD,
  registration,
  signedInMember,
  uniqueAccountNo,
  verifyPhone,
} from './support/members.ts';
import { expectLimit } from './support/limits.ts';
import { createTestApp, uniqueIp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await t.setSmsMode('ok');
  await sandboxPost(t, '/sandbox/bank/faults/clear');
  await setWithdrawLimits(t, {});
});

const HOUR = 3600_000;
const profileUrl = '/api/account/profile';
const profileOf = async (token: string) => {
  const response = await t.api('GET', profileUrl, { token });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { profile: Record<string, unknown> }).profile;
};
type Outbox = { phone: string; message: string; code: string }[];
const noticesTo = async (phone: string) =>
  (await sandboxGet<Outbox>(t, `/sms/outbox?phone=${phone}`)).filter((m) => !m.code);

/** A signed-in member with money in the cash wallet (deposited from the registered account). */
async function fundedMember() {
  const member = await signedInMember(t);
  await depositViaBank(t, member, 5_000_00);
  return { ...member, memberId: await memberIdOf(t, member.username) };
}

const newAccount = (name = 'Somchai Jaidee') => ({
  name,
  bankCode: 'SCB',
  bankAccountName: 'สมชาย ใจดี',
  bankAccountNo: uniqueAccountNo(),
});

describe('changing the payout account (issue 8 A2)', () => {
  it('needs the password again to change the bank or the number; nothing changes without it', async () => {
    const member = await signedInMember(t);
    const change = newAccount();
    const missing = await t.api('PUT', profileUrl, { token: member.token, body: change });
    expect(missing.json()).toEqual({ message: 'PASSWORD_REQUIRED' });
    const wrong = await t.api('PUT', profileUrl, {
      token: member.token,
      body: { ...change, password: 'not the password' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: 'BANK_CHANGE_WRONG_PASSWORD' });
    const sameBankOtherNumber = await t.api('PUT', profileUrl, {
      token: member.token,
      body: { ...change, bankCode: member.bankCode },
    });
    expect(sameBankOtherNumber.json()).toEqual({ message: 'PASSWORD_REQUIRED' });
    expect(await profileOf(member.token)).toMatchObject({
      bankCode: member.bankCode,
      bankAccountNo: member.bankAccountNo,
    });
  });

  it('keeps the name and account-name edit without a password when the bank and number stay', async () => {
    const member = await signedInMember(t);
    const response = await t.api('PUT', profileUrl, {
      token: member.token,
      body: {
        name: 'New Name',
        bankCode: member.bankCode,
        bankAccountName: 'สมชาย ใจดีมาก',
        bankAccountNo: member.bankAccountNo,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await noticesTo(member.username)).toEqual([]);
  });

  it('limits wrong passwords like change password (REQUEST_LIMIT), sharing the same count', async () => {
    const member = await signedInMember(t);
    const body = { ...newAccount(), password: 'wrong password' };
    const firstAt = t.clock.now().getTime();
    for (let i = 0; i < 4; i += 1)
      expect((await t.api('PUT', profileUrl, { token: member.token, body })).json()).toEqual({
        message: 'BANK_CHANGE_WRONG_PASSWORD',
      });
    const changePwd = await t.api('PUT', '/api/account/changepwd', {
      token: member.token,
      body: { oldPassword: 'wrong password', newPassword: 'another password 1' },
    });
    expect(changePwd.json()).toEqual({ message: 'WRONG_PASSWORD' });
    const limited = await t.api('PUT', profileUrl, {
      token: member.token,
      body: { ...body, password: PASSWORD },
    });
    expectLimit(limited, 'REQUEST_LIMIT', firstAt + LOGIN_WINDOW_MS, t.clock.now().getTime());
  });

  it('signs out the other sessions, sends an SMS notice, and survives an SMS failure', async () => {
    const member = await signedInMember(t);
    const other = await login(t, member.username);
    const change = newAccount();
    const response = await t.api('PUT', profileUrl, {
      token: member.token,
      body: { ...change, password: PASSWORD },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await profileOf(member.token)).toMatchObject({
      bankCode: 'SCB',
      bankAccountNo: change.bankAccountNo,
    });
    expect((await t.api('GET', profileUrl, { token: other })).json()).toEqual({
      message: 'UNAUTHORIZED',
    });
    const notices = await noticesTo(member.username);
    expect(notices).toHaveLength(1);
    expect(notices[0]?.message).toContain(change.bankAccountNo.slice(-4));

    await t.setSmsMode('error');
    const again = newAccount();
    const despiteSms = await t.api('PUT', profileUrl, {
      token: member.token,
      body: { ...again, password: PASSWORD },
    });
    expect(despiteSms.statusCode, despiteSms.body).toBe(200);
    expect(await profileOf(member.token)).toMatchObject({ bankAccountNo: again.bankAccountNo });
  });

  it('sends withdrawals within 24 h of the change to operator approval until one is approved', async () => {
    const member = await fundedMember();
    const change = newAccount();
    const changed = await t.api('PUT', profileUrl, {
      token: member.token,
      body: { ...change, password: PASSWORD },
    });
    expect(changed.statusCode, changed.body).toBe(200);

    const first = await withdrawCall(t, member.token, 100);
    expect(first.statusCode, first.body).toBe(202);
    expect(first.json()).toMatchObject({ message: 'WITHDRAW_PENDING' });
    const second = await withdrawCall(t, member.token, 100);
    expect(second.statusCode, second.body).toBe(202);
    expect(await payoutsTo(t, change.bankAccountNo)).toEqual([]);

    const { withdrawalId } = first.json() as { withdrawalId: string };
    await t.app.moneyOut.withdrawals.approveWithdrawal(withdrawalId, 'operator-1');
    expect(await payoutsTo(t, change.bankAccountNo)).toHaveLength(1);
    // Approved once: the new account is vetted, the next one pays out at once.
    expect((await withdrawCall(t, member.token, 100)).statusCode).toBe(200);
  });

  it('pays out at once again 24 h after the change', async () => {
    const member = await fundedMember();
    const change = newAccount();
    await t.api('PUT', profileUrl, {
      token: member.token,
      body: { ...change, password: PASSWORD },
    });
    t.clock.advance(24 * HOUR + 1);
    const fresh = await login(t, member.username);
    const paid = await withdrawCall(t, fresh, 100);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await payoutsTo(t, change.bankAccountNo)).toHaveLength(1);
  });

  it('lets the edit-name modal change only the spelling of the name, never the bank or number', async () => {
    const member = await signedInMember(t, { bankCode: 'KTB', bankAccountName: 'Anan Thongdee' });
    const url = '/api/account/bankAccountName';
    for (const body of [
      { bankCode: 'SCB', bankAccountName: 'Anan Thongdee' },
      { bankCode: 'KTB', bankAccountName: 'Anan', bankAccountNo: uniqueAccountNo() },
    ]) {
      const refused = await t.api('PUT', url, { token: member.token, body });
      expect(refused.statusCode).toBe(400);
    }
    const saved = await t.api('PUT', url, {
      token: member.token,
      body: { bankCode: 'KTB', bankAccountName: 'Anan Thongdee Jr' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await profileOf(member.token)).toMatchObject({
      bankCode: 'KTB',
      bankAccountNo: member.bankAccountNo,
      bankAccountName: 'ANAN THONGDEE JR',
    });
    // Not a change of payout account: the next withdrawal pays out at once.
    await depositViaBank(t, member, 1_000_00);
    expect((await withdrawCall(t, member.token, 100)).statusCode).toBe(200);
  });
});

describe('registration bound to the phone verification (issue 8 A4)', () => {
  it('refuses a registration of a verified phone by a client without its token', async () => {
    const body = registration();
    const otpToken = await verifyPhone(t, body.username);
    for (const url of ['/api/account/validate', '/api/account']) {
      const stranger = await t.api('POST', url, { body, ip: uniqueIp() });
      expect(stranger.json(), url).toEqual({ message: 'UNVERIFIED_OTP' });
      const forged = await t.api('POST', url, { body: { ...body, otpToken: 'x'.repeat(43) } });
      expect(forged.json(), url).toEqual({ message: 'UNVERIFIED_OTP' });
    }
    // Another phone's verified token does not fit this phone either.
    const other = registration();
    const otherToken = await verifyPhone(t, other.username);
    const misfit = await t.api('POST', '/api/account', { body: { ...body, otpToken: otherToken } });
    expect(misfit.json()).toEqual({ message: 'UNVERIFIED_OTP' });

    const owner = await t.api('POST', '/api/account', { body: { ...body, otpToken } });
    expect(owner.json()).toMatchObject({ message: 'SUCCESS' });
  });

  it('uses the token up with the registration: a second registration with it fails', async () => {
    const body = registration();
    const otpToken = await verifyPhone(t, body.username);
    const answers = await Promise.all([
      t.api('POST', '/api/account', { body: { ...body, otpToken } }),
      t.api('POST', '/api/account', {
        body: { ...body, otpToken, bankAccountNo: uniqueAccountNo() },
      }),
    ]);
    expect(answers.map((r) => (r.json() as { message: string }).message).sort()).toEqual([
      'EXISTING_USER',
      'SUCCESS',
    ]);
    const row = await t.app.deps.db.kysely
      .selectFrom('otp_requests')
      .select('status')
      .where('phone', '=', body.username)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('used');
  });

  it('changes nothing while one-time codes are off', async () => {
    await saveSetting(t.app.deps.db.kysely, 'registerOtp', { enabled: false }, t.clock.now());
    try {
      const response = await t.api('POST', '/api/account', { body: registration() });
      expect(response.json()).toMatchObject({ message: 'SUCCESS' });
    } finally {
      await saveSetting(t.app.deps.db.kysely, 'registerOtp', { enabled: true }, t.clock.now());
    }
  });
});
