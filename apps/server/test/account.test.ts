import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileResponseSchema } from '@mekong/contracts/account';
import { PUBLIC_ID_PATTERN } from '@/lib/secure-random.ts';
import { saveSetting } from '@/modules/settings/settings.repository.ts';
import { expectLimit } from './support/limits.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import {
  login,
  PASSWORD,
  registerMember,
  registration,
  signedInMember,
  uniqueAccountNo,
  verifyPhone,
  type Registration,
} from './support/members.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const MINUTE = 60_000;
const tables = ['members', 'member_bank_accounts', 'sessions'] as const;
const counts = () => Promise.all(tables.map((table) => t.countRows(table)));

async function expectRefused(
  method: 'POST' | 'PUT',
  url: string,
  body: unknown,
  message: string,
  token?: string,
) {
  const before = await counts();
  const response = await t.api(method, url, { body, token });
  expect(response.json(), url).toEqual({ message });
  expect(response.statusCode).toBeGreaterThanOrEqual(400);
  expect(response.statusCode).toBeLessThan(500);
  expect(await counts()).toEqual(before);
}

/** A registration whose phone is verified, so only the rule under test can fail. */
async function verifiedRegistration(overrides: Partial<Registration> = {}) {
  const body = registration(overrides);
  body.otpToken = await verifyPhone(t, body.username);
  return body;
}

describe('registration rules (D4, docs/spec.md §5) on validate and create', () => {
  const cases: [string, Partial<Registration> | ((r: Registration) => unknown), string][] = [
    ['empty name', { name: '  ' }, 'NAME_REQUIRED'],
    ['name of Hangul fillers', { name: '\u3164\u3164' }, 'NAME_REQUIRED'],
    ['name of invisible characters', { name: '\u115f\u1160\uffa0\u200b\ufeff' }, 'NAME_REQUIRED'],
    ['account name of Hangul fillers', { bankAccountName: '\u3164' }, 'BANK_ACCOUNT_NAME_REQUIRED'],
    ['missing name', (r) => ({ ...r, name: undefined }), 'NAME_REQUIRED'],
    ['long name', { name: 'n'.repeat(101) }, 'NAME_TOO_LONG'],
    ['short phone', { username: '081234567' }, 'PHONE_NUMBER_REQUIRE_10_DIGIT'],
    ['missing password', (r) => ({ ...r, password: undefined }), 'PASSWORD_REQUIRED'],
    ['empty password', { password: '' }, 'PASSWORD_REQUIRED'],
    ['short password', { password: 'short12' }, 'PASSWORD_TOO_SHORT'],
    ['long password', { password: 'p'.repeat(129) }, 'PASSWORD_TOO_LONG'],
    ['missing bank', { bankCode: '' }, 'BANK_REQUIRED'],
    ['unknown bank', { bankCode: 'NOPE' }, 'INVALID_BANK'],
    ['empty account name', { bankAccountName: '   ' }, 'BANK_ACCOUNT_NAME_REQUIRED'],
    ['letters in account number', { bankAccountNo: '12345abc90' }, 'BANK_ACCOUNT_NO_INVALID'],
    ['short account number', { bankAccountNo: '1234567' }, 'BANK_ACCOUNT_NO_INVALID'],
    [
      'Thai name at KTB',
      { bankCode: 'KTB', bankAccountName: 'สมชาย ใจดี' },
      'BANK_ACCOUNT_NAME_ENG',
    ],
    [
      'Thai name at TMB',
      { bankCode: 'TMB', bankAccountName: 'สมชาย ใจดี' },
      'BANK_ACCOUNT_NAME_ENG',
    ],
    [
      'digits in the name at BBL',
      { bankCode: 'BBL', bankAccountName: 'JOHN 2' },
      'BANK_ACCOUNT_NAME_ENG',
    ],
    ['LAK in Thailand', { currency: 'LAK' }, 'CURRENCY_INVALID'],
    ['unknown source', { sourceCode: 'billboard' }, 'SOURCE_INVALID'],
    ['unknown invite code', { inviteCode: 'PR00000000' }, 'INVITE_CODE_INVALID'],
    ['malformed invite code', { inviteCode: 'HELLO' }, 'INVITE_CODE_INVALID'],
    ['unknown field', (r) => ({ ...r, isAdmin: true }), 'UNKNOWN_FIELD'],
  ];

  for (const url of ['/api/account/validate', '/api/account']) {
    it.each(cases.map(([name, change, message]) => ({ name, change, message })))(
      `${url}: $name → $message`,
      async ({ change, message }) => {
        const base = await verifiedRegistration();
        const body = typeof change === 'function' ? change(base) : { ...base, ...change };
        await expectRefused('POST', url, body, message);
      },
    );
  }

  it('validate answers OK and creates nothing', async () => {
    const body = await verifiedRegistration();
    const before = await counts();
    const response = await t.api('POST', '/api/account/validate', { body });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'OK' });
    expect(await counts()).toEqual(before);
  });

  it('requires a phone verified within 30 minutes while the one-time code is on (UNVERIFIED_OTP)', async () => {
    await expectRefused('POST', '/api/account', registration(), 'UNVERIFIED_OTP');
    await expectRefused('POST', '/api/account/validate', registration(), 'UNVERIFIED_OTP');
    const body = await verifiedRegistration();
    t.clock.advance(30 * MINUTE + 1);
    await expectRefused('POST', '/api/account', body, 'UNVERIFIED_OTP');
  });

  it('registers without a one-time code when the operator switched it off', async () => {
    await saveSetting(t.app.deps.db.kysely, 'registerOtp', { enabled: false }, t.clock.now());
    try {
      const response = await t.api('POST', '/api/account', { body: registration() });
      expect(response.json()).toMatchObject({ message: 'SUCCESS' });
    } finally {
      await saveSetting(t.app.deps.db.kysely, 'registerOtp', { enabled: true }, t.clock.now());
    }
  });

  it('refuses a disabled bank (INVALID_BANK)', async () => {
    const db = t.app.deps.db.kysely;
    await db.updateTable('banks').set({ is_enabled: false }).where('code', '=', 'GSB').execute();
    try {
      await expectRefused(
        'POST',
        '/api/account',
        await verifiedRegistration({ bankCode: 'GSB' }),
        'INVALID_BANK',
      );
    } finally {
      await db.updateTable('banks').set({ is_enabled: true }).where('code', '=', 'GSB').execute();
    }
  });

  it('refuses a registered phone (EXISTING_USER) and a bank account in use (EXISTING_BANK)', async () => {
    const member = await registerMember(t);
    for (const url of ['/api/account/validate', '/api/account']) {
      // While codes are on, a client without the phone's verified token learns nothing about the phone.
      await expectRefused(
        'POST',
        url,
        registration({ username: member.username }),
        'UNVERIFIED_OTP',
      );
      await expectRefused(
        'POST',
        url,
        await verifiedRegistration({
          bankCode: member.bankCode,
          bankAccountNo: member.bankAccountNo,
        }),
        'EXISTING_BANK',
      );
    }
    await saveSetting(t.app.deps.db.kysely, 'registerOtp', { enabled: false }, t.clock.now());
    try {
      await expectRefused(
        'POST',
        '/api/account',
        registration({ username: member.username }),
        'EXISTING_USER',
      );
    } finally {
      await saveSetting(t.app.deps.db.kysely, 'registerOtp', { enabled: true }, t.clock.now());
    }
    // The same number at another bank is another account.
    const other = await t.api('POST', '/api/account', {
      body: await verifiedRegistration({ bankCode: 'SCB', bankAccountNo: member.bankAccountNo }),
    });
    expect(other.json()).toMatchObject({ message: 'SUCCESS' });
  });

  it('makes a parallel double registration impossible', async () => {
    const samePhone = await verifiedRegistration();
    const answers = await Promise.all([
      t.api('POST', '/api/account', { body: samePhone }),
      t.api('POST', '/api/account', { body: { ...samePhone, bankAccountNo: uniqueAccountNo() } }),
      t.api('POST', '/api/account', { body: { ...samePhone, bankAccountNo: uniqueAccountNo() } }),
    ]);
    expect(answers.map((r) => (r.json() as { message: string }).message).sort()).toEqual([
      'EXISTING_USER',
      'EXISTING_USER',
      'SUCCESS',
    ]);
    expect(answers.every((r) => r.statusCode < 500)).toBe(true);
    const phoneRows = await t.app.deps.db.kysely
      .selectFrom('members')
      .select('id')
      .where('phone', '=', samePhone.username)
      .execute();
    expect(phoneRows).toHaveLength(1);

    const first = await verifiedRegistration();
    const second = await verifiedRegistration({ bankAccountNo: first.bankAccountNo });
    const bankAnswers = await Promise.all([
      t.api('POST', '/api/account', { body: first }),
      t.api('POST', '/api/account', { body: second }),
    ]);
    expect(bankAnswers.map((r) => (r.json() as { message: string }).message).sort()).toEqual([
      'EXISTING_BANK',
      'SUCCESS',
    ]);
  });

  it('creates the member with an unguessable public id, an Argon2id hash and an upper-cased account name', async () => {
    const body = await verifiedRegistration({
      bankCode: 'KTB',
      bankAccountName: '  somchai   jaidee ',
      sourceCode: 'tiktok',
    });
    const response = await t.api('POST', '/api/account', { body });
    expect(response.statusCode).toBe(200);
    const { _id } = response.json() as { _id: string };
    expect(_id).toMatch(PUBLIC_ID_PATTERN);
    const db = t.app.deps.db.kysely;
    const member = await db
      .selectFrom('members')
      .selectAll()
      .where('public_id', '=', _id)
      .executeTakeFirstOrThrow();
    expect(member.password_hash).toMatch(/^\$argon2id\$/);
    expect(member.password_hash).not.toContain(body.password);
    expect(member).toMatchObject({
      phone: body.username,
      currency: 'BAHT',
      status: 'active',
      source_code: 'tiktok',
      invited_by: null,
    });
    const account = await db
      .selectFrom('member_bank_accounts')
      .selectAll()
      .where('member_id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(account).toMatchObject({
      bank_code: 'KTB',
      account_name: 'SOMCHAI JAIDEE',
      account_no: body.bankAccountNo,
    });
  });

  it('links the inviter named by the invite code PR<id>, in any case', async () => {
    const inviter = await registerMember(t);
    for (const inviteCode of [`PR${inviter.publicId}`, `pr${inviter.publicId.toLowerCase()}`]) {
      const body = await verifiedRegistration({ inviteCode });
      const response = await t.api('POST', '/api/account', { body });
      expect(response.json()).toMatchObject({ message: 'SUCCESS' });
      const db = t.app.deps.db.kysely;
      const invitee = await db
        .selectFrom('members')
        .select('invited_by')
        .where('phone', '=', body.username)
        .executeTakeFirstOrThrow();
      const inviterRow = await db
        .selectFrom('members')
        .select('id')
        .where('public_id', '=', inviter.publicId)
        .executeTakeFirstOrThrow();
      expect(invitee.invited_by).toBe(inviterRow.id);
    }
  });

  it('accepts a registration without source and invite codes', async () => {
    const body = await verifiedRegistration({ sourceCode: '', inviteCode: '' });
    expect((await t.api('POST', '/api/account', { body })).json()).toMatchObject({
      message: 'SUCCESS',
    });
  });
});

describe('profile', () => {
  it('answers every field of the profile and the bank account', async () => {
    const member = await signedInMember(t, { bankCode: 'BBL', bankAccountName: 'Mali Sukjai' });
    const response = await t.api('GET', '/api/account/profile', { token: member.token });
    expect(response.statusCode).toBe(200);
    const body = profileResponseSchema.parse(response.json());
    expect(body.profile).toEqual({
      _id: member.publicId,
      name: member.name,
      username: member.username,
      coin: 0,
      bankCode: 'BBL',
      bankAccountName: 'MALI SUKJAI',
      bankAccountNo: member.bankAccountNo,
      currency: 'BAHT',
      createdAt: t.clock.now().toISOString(),
      dateEra: null,
    });
    expect(body.bankAccount).toEqual({
      bankAccountName: 'MALI SUKJAI',
      bankAccountNo: member.bankAccountNo,
      bank: { code: 'BBL', nameTH: 'ธนาคารกรุงเทพ', nameEN: 'Bangkok Bank' },
    });
  });

  it('keeps the member\'s year count for dates (Buddhist era on request), theirs only', async () => {
    const member = await signedInMember(t);
    const other = await signedInMember(t);
    const url = '/api/account/dateEra';
    for (const bad of [{ dateEra: 'julian' }, { dateEra: '' }, {}, { dateEra: 'bud\u0000dhist' }]) {
      await expectRefused('PUT', url, bad, 'DATE_ERA_INVALID', member.token);
    }
    await expectRefused('PUT', url, { dateEra: 'buddhist', extra: 1 }, 'UNKNOWN_FIELD', member.token);
    const chosen = await t.api('PUT', url, { token: member.token, body: { dateEra: 'buddhist' } });
    expect(chosen.statusCode).toBe(200);
    expect(profileResponseSchema.parse(chosen.json()).profile.dateEra).toBe('buddhist');
    const read = async (token: string) =>
      profileResponseSchema.parse((await t.api('GET', '/api/account/profile', { token })).json()).profile.dateEra;
    expect(await read(member.token)).toBe('buddhist');
    // Not chosen: null, the language's own count (Thai dates in the Buddhist era, migration 0047).
    expect(await read(other.token)).toBeNull();
    const wallet = await t.api('GET', '/api/wallet', { token: member.token });
    expect(wallet.json().profile.dateEra).toBe('buddhist');
    await t.api('PUT', url, { token: member.token, body: { dateEra: 'gregorian' } });
    expect(await read(member.token)).toBe('gregorian');
    expect((await t.api('PUT', url, { body: { dateEra: 'buddhist' } })).statusCode).toBe(401);
  });

  it('updates the name and bank account with the registration checks', async () => {
    const member = await signedInMember(t);
    const other = await registerMember(t);
    const url = '/api/account/profile';
    const update = {
      name: 'Somsri Jaidee',
      bankCode: 'SCB',
      bankAccountName: 'สมศรี ใจดี',
      bankAccountNo: uniqueAccountNo(),
      password: PASSWORD,
    };
    await expectRefused('PUT', url, { ...update, bankCode: 'NOPE' }, 'INVALID_BANK', member.token);
    await expectRefused(
      'PUT',
      url,
      { ...update, bankCode: 'KTB' },
      'BANK_ACCOUNT_NAME_ENG',
      member.token,
    );
    await expectRefused(
      'PUT',
      url,
      { ...update, bankCode: other.bankCode, bankAccountNo: other.bankAccountNo },
      'EXISTING_BANK',
      member.token,
    );
    await expectRefused('PUT', url, { ...update, name: '' }, 'NAME_REQUIRED', member.token);
    await expectRefused('PUT', url, { ...update, name: '\u3164' }, 'NAME_REQUIRED', member.token);
    await expectRefused(
      'PUT',
      url,
      { ...update, bankAccountNo: '12' },
      'BANK_ACCOUNT_NO_INVALID',
      member.token,
    );
    await expectRefused(
      'PUT',
      url,
      { ...update, username: '0811111111' },
      'UNKNOWN_FIELD',
      member.token,
    );

    const response = await t.api('PUT', url, { token: member.token, body: update });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      profile: {
        name: 'Somsri Jaidee',
        bankCode: 'SCB',
        bankAccountName: 'สมศรี ใจดี',
        bankAccountNo: update.bankAccountNo,
        username: member.username,
      },
      bankAccount: { bank: { code: 'SCB', nameTH: 'ธนาคารไทยพาณิชย์' } },
    });
    // Saving the same account again is not a conflict with oneself.
    expect((await t.api('PUT', url, { token: member.token, body: update })).statusCode).toBe(200);
    // The old account is free again.
    const reuse = await t.api('POST', '/api/account/validate', {
      body: await verifiedRegistration({
        bankCode: member.bankCode,
        bankAccountNo: member.bankAccountNo,
      }),
    });
    expect(reuse.json()).toEqual({ message: 'OK' });
  });

  it('edits the bank account name in English letters only', async () => {
    const member = await signedInMember(t, { bankCode: 'KTB', bankAccountName: 'Anan Thongdee' });
    const url = '/api/account/bankAccountName';
    await expectRefused(
      'PUT',
      url,
      { bankCode: 'KTB', bankAccountName: 'อนันต์ ทองดี' },
      'BANK_ACCOUNT_NAME_ENG',
      member.token,
    );
    await expectRefused(
      'PUT',
      url,
      { bankCode: 'KTB', bankAccountName: 'Anan 2' },
      'BANK_ACCOUNT_NAME_ENG',
      member.token,
    );
    await expectRefused(
      'PUT',
      url,
      { bankCode: 'KTB', bankAccountName: ' ' },
      'BANK_ACCOUNT_NAME_REQUIRED',
      member.token,
    );
    await expectRefused(
      'PUT',
      url,
      { bankCode: 'SCB', bankAccountName: 'Anan Thongdee' },
      'INVALID_BANK',
      member.token,
    );
    await expectRefused(
      'PUT',
      url,
      { bankCode: 'KTB', bankAccountName: 'Anan', bankAccountNo: '1234567890' },
      'UNKNOWN_FIELD',
      member.token,
    );
    const response = await t.api('PUT', url, {
      token: member.token,
      body: { bankCode: 'KTB', bankAccountName: ' anan   thong dee ' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      profile: { bankAccountName: 'ANAN THONG DEE' },
      bankAccount: { bankAccountName: 'ANAN THONG DEE' },
    });
  });

  it('asks for a session on every signed-in call', async () => {
    for (const [method, url] of [
      ['GET', '/api/account/profile'],
      ['PUT', '/api/account/profile'],
      ['PUT', '/api/account/bankAccountName'],
      ['PUT', '/api/account/changepwd'],
      ['POST', '/api/logout'],
    ] as const) {
      const response = await t.api(method, url, { body: method === 'GET' ? undefined : {} });
      expect(response.statusCode, url).toBe(401);
      expect(response.json()).toEqual({ message: 'UNAUTHORIZED' });
    }
  });
});

describe('change password', () => {
  const url = '/api/account/changepwd';

  it('checks the old password and the new one', async () => {
    const member = await signedInMember(t);
    await expectRefused(
      'PUT',
      url,
      { oldPassword: 'not my password', newPassword: 'brand new pass' },
      'WRONG_PASSWORD',
      member.token,
    );
    await expectRefused(
      'PUT',
      url,
      { oldPassword: PASSWORD, newPassword: 'short' },
      'PASSWORD_TOO_SHORT',
      member.token,
    );
    await expectRefused(
      'PUT',
      url,
      { oldPassword: PASSWORD, newPassword: '' },
      'PASSWORD_REQUIRED',
      member.token,
    );
    await expectRefused(
      'PUT',
      url,
      { oldPassword: '', newPassword: 'brand new pass' },
      'PASSWORD_REQUIRED',
      member.token,
    );
    await expectRefused(
      'PUT',
      url,
      { oldPassword: PASSWORD, newPassword: PASSWORD },
      'PASSWORD_SAME_AS_OLD',
      member.token,
    );
    expect(
      (
        await t.api('POST', '/api/login', {
          body: { username: member.username, password: PASSWORD },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('stops a member after 5 wrong old passwords in 15 minutes (REQUEST_LIMIT), even in parallel', async () => {
    const member = await signedInMember(t);
    const attempt = (oldPassword: string, newPassword = 'a new secret 77') =>
      t.api('PUT', url, { token: member.token, body: { oldPassword, newPassword } });
    for (let i = 0; i < 4; i += 1)
      expect((await attempt('wrong guess')).json()).toEqual({ message: 'WRONG_PASSWORD' });
    // A right old password clears the count (here the change is refused only for being unchanged).
    expect((await attempt(PASSWORD, PASSWORD)).json()).toEqual({ message: 'PASSWORD_SAME_AS_OLD' });
    const parallelAt = t.clock.now().getTime();
    const parallel = await Promise.all(Array.from({ length: 10 }, () => attempt('wrong guess')));
    const messages = parallel.map((r) => (r.json() as { message: string }).message);
    expect(messages.filter((m) => m === 'WRONG_PASSWORD')).toHaveLength(5);
    expect(messages.filter((m) => m === 'REQUEST_LIMIT')).toHaveLength(5);
    // The right password is refused too while the member is stopped, and the password stays.
    const stopped = await attempt(PASSWORD);
    expectLimit(stopped, 'REQUEST_LIMIT', parallelAt + 15 * 60_000, t.clock.now().getTime());
    t.clock.advance(15 * 60_000 + 1);
    const after = await attempt(PASSWORD);
    expect(after.statusCode, after.body).toBe(200);
  });

  it('changes the password and signs out every other session, not the current one', async () => {
    const member = await signedInMember(t);
    const otherDevice = await login(t, member.username);
    const response = await t.api('PUT', url, {
      token: member.token,
      body: { oldPassword: PASSWORD, newPassword: 'a new secret 99' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'SUCCESS' });
    expect((await t.api('GET', '/api/account/profile', { token: member.token })).statusCode).toBe(
      200,
    );
    expect((await t.api('GET', '/api/account/profile', { token: otherDevice })).json()).toEqual({
      message: 'UNAUTHORIZED',
    });
    expect(
      (
        await t.api('POST', '/api/login', {
          body: { username: member.username, password: PASSWORD },
        })
      ).json(),
    ).toEqual({ message: 'WRONG_CREDENTIAL' });
    expect(await login(t, member.username, 'a new secret 99')).toBeTruthy();
  });
});
