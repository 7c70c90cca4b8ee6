import { describe, expect, it } from 'vitest';
import { registerBodySchema } from './account.ts';
import { html } from './admin/promotion-fields.ts';
import { noticeSettingSchema } from './admin/settings.ts';
import { chatTextSchema } from './chat.ts';
import {
  bankAccountNameSchema,
  bankAccountNoSchema,
  hasVisibleContent,
  phoneSchema,
  isEnglishName,
  nameSchema,
  requiresEnglishName,
  textSchema,
} from './fields.ts';
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

describe('bidirectional controls (text that reads other than it is stored)', () => {
  // Embeddings, overrides and isolates: U+202A–U+202E and U+2066–U+2069.
  const spoofs = [
    'EVIL \u202eNIMDA',
    'a\u202ab',
    'a\u202db',
    '\u2066x\u2069',
    'x\u2067y',
    'x\u2068y',
  ];
  it('are refused in names, reasons and codes, in chat texts, and in operator-written text and HTML', () => {
    const schemas = [
      textSchema('X'),
      chatTextSchema,
      noticeSettingSchema.shape.text.unwrap().shape.th,
      html('X', 1000),
    ];
    for (const schema of schemas)
      for (const text of spoofs)
        expect(firstMessage(schema.safeParse(text))).toBe('INVALID_CHARACTERS');
  });
  it('leave Thai and Lao text, line breaks where a text may span lines, and other marks alone', () => {
    expect(textSchema('X').safeParse('สมชาย ໃຈດີ').success).toBe(true);
    expect(chatTextSchema.safeParse('สวัสดี\nครับ').success).toBe(true);
    expect(html('X', 1000).safeParse('<p>ແຈ້ງ</p>\r\n\t<p>ok</p>').success).toBe(true);
    expect(textSchema('X').safeParse('a\u2060b\u200bc').success).toBe(true);
  });
});

describe('name', () => {
  it('needs a letter or digit: an invisible name (zero-width space, word joiner) is no name', () => {
    for (const name of ['\u200b', ' \u200b\u2060 ', '\ufeff', '-'])
      expect(firstMessage(nameSchema.safeParse(name))).toBe('NAME_REQUIRED');
    for (const name of ['สมชาย ใจดี', 'ສົມພອນ', 'John Smith', 'K7'])
      expect(nameSchema.safeParse(name).success).toBe(true);
  });

  it('does not count the blank letters (Hangul fillers) or other invisible characters as a letter', () => {
    const blank = ['\u3164', '\u3164\u3164 \u3164', '\u115f', '\u1160', '\uffa0', '\u3164\u200b\u200c\u200d\u2060\ufeff', '\u2800'];
    for (const name of blank)
      expect(firstMessage(nameSchema.safeParse(name)), JSON.stringify(name)).toBe('NAME_REQUIRED');
    for (const name of ['\u3164', '\u3164 \u200b'])
      expect(firstMessage(bankAccountNameSchema.safeParse(name)), JSON.stringify(name)).toBe('BANK_ACCOUNT_NAME_REQUIRED');
    // Visible text with such characters in it is still a name (a Korean name, an emoji sequence joined by U+200D).
    for (const name of ['김민준', 'A\u3164B', 'Somchai \u200d', '\ud83d\udc68\u200d\ud83d\udc69 7'])
      expect(nameSchema.safeParse(name).success, JSON.stringify(name)).toBe(true);
  });
});

describe('visible content', () => {
  it('is none for white space and invisible characters alone', () => {
    for (const text of ['', ' \n\t', '\u200b', '\u200b\u200c\u200d\u2060\ufeff', '\u3164\u115f\u1160\uffa0', '\u00a0\u2800\u180e'])
      expect(hasVisibleContent(text), JSON.stringify(text)).toBe(false);
    for (const text of ['a', '\u200b.', 'ສ', '👍', '\u3164x'])
      expect(hasVisibleContent(text), JSON.stringify(text)).toBe(true);
  });
});
