import { describe, expect, it } from 'vitest';
import { registerBodySchema } from './account.ts';
import { bankAccountNoSchema, phoneSchema, isEnglishName, requiresEnglishName } from './fields.ts';
import { messages, isMessageCode } from './messages.ts';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? null : r.error?.issues[0]?.message;

describe('phone', () => {
  it('refuses a control character even where trimming would remove it (never a phone with a hidden CR or NUL)', () => {
    for (const country of ['TH', 'LA'] as const)
      for (const phone of ['\r0812223333', '0812223333\r', '\u00000812223333', '0812223333\u001f', '\n20555123'])
        expect(firstMessage(phoneSchema(country).safeParse(phone))).toBe('INVALID_CHARACTERS');
    expect(firstMessage(bankAccountNoSchema.safeParse('1234567890\r'))).toBe('INVALID_CHARACTERS');
  });
  it('takes exactly ten digits starting with 0 in Thailand mode', () => {
    expect(phoneSchema('TH').safeParse('0812223333').success).toBe(true);
    expect(firstMessage(phoneSchema('TH').safeParse('081222333'))).toBe('PHONE_NUMBER_REQUIRE_10_DIGIT');
    expect(firstMessage(phoneSchema('TH').safeParse('1812223333'))).toBe('PHONE_NUMBER_REQUIRE_10_DIGIT');
    expect(firstMessage(phoneSchema('TH').safeParse(812223333))).toBe('PHONE_NUMBER_REQUIRE_10_DIGIT');
  });
  it('takes 8 to 11 digits in Laos mode', () => {
    expect(phoneSchema('LA').safeParse('20555123').success).toBe(true);
    expect(phoneSchema('LA').safeParse('02055512345').success).toBe(true);
    expect(firstMessage(phoneSchema('LA').safeParse('2055512'))).toBe('PHONE_NUMBER_INVALID');
  });
});

describe('register payload', () => {
  const base = {
    name: 'Somchai',
    username: '0812223333',
    password: 'secret-123',
    bankCode: 'SCB',
    bankAccountName: '  somchai   jaidee ',
    bankAccountNo: '1234567890',
  };
  it('upper-cases and trims the account name and defaults the currency', () => {
    const r = registerBodySchema('TH').parse(base);
    expect(r.bankAccountName).toBe('SOMCHAI JAIDEE');
    expect(r.currency).toBe('BAHT');
    expect(registerBodySchema('LA').parse({ ...base, username: '2055512345' }).currency).toBe('LAK');
  });
  it('refuses unknown fields and short passwords with catalogue codes', () => {
    const unknown = registerBodySchema('TH').safeParse({ ...base, isAdmin: true });
    expect(unknown.success ? null : unknown.error.issues[0]?.code).toBe('unrecognized_keys');
    expect(firstMessage(registerBodySchema('TH').safeParse({ ...base, password: 'short' }))).toBe('PASSWORD_TOO_SHORT');
    for (const r of [
      registerBodySchema('TH').safeParse({ ...base, name: '' }),
      registerBodySchema('TH').safeParse({ ...base, bankAccountNo: '12-34' }),
      registerBodySchema('TH').safeParse({ ...base, currency: 'LAK' }),
    ]) {
      expect(isMessageCode(firstMessage(r))).toBe(true);
    }
  });
});

describe('english names', () => {
  it('applies to KTB, TMB and BBL only', () => {
    expect(['KTB', 'TMB', 'BBL'].every(requiresEnglishName)).toBe(true);
    expect(requiresEnglishName('SCB')).toBe(false);
    expect(isEnglishName('SOMCHAI JAIDEE')).toBe(true);
    expect(isEnglishName('สมชาย')).toBe(false);
  });
});

describe('catalogue', () => {
  it('gives every code an HTTP status', () => {
    for (const status of Object.values(messages)) expect(status).toBeGreaterThanOrEqual(200);
    expect(messages.WRONG_CREDENTIAL).toBe(401);
  });
});
