import { z } from 'zod';
import {
  ENGLISH_NAME_BANKS,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  type Country,
} from './constants.ts';

/**
 * Field schemas shared by server validation and client forms. Each failure carries a catalogue code
 * as its message, so the server answers that code and the client shows its translation.
 */

/**
 * Characters never meant to be typed into a name, code, reason or message: C0 and C1 controls (NUL, escape, line
 * breaks…), and the bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), which make text
 * read other than it is stored (an operator would read "EVIL \u202eNIMDA" as "EVIL ADMIN").
 */
function isControlCharacter(code: number): boolean {
  return (
    code <= 0x1f ||
    (code >= 0x7f && code <= 0x9f) ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069)
  );
}

/** Tab and line breaks: operator-written text (HTML, notices) may span lines and be indented. */
export const TEXT_LAYOUT = '\t\n\r';

/** `allowed`: the controls a text may still hold (line breaks in a chat message or an operator's HTML). */
export function hasNoControlCharacters(text: string, allowed = ''): boolean {
  for (const char of text)
    if (isControlCharacter(char.codePointAt(0)!) && !allowed.includes(char)) return false;
  return true;
}

const LONE_SURROGATE = /[\uD800-\uDFFF]/u;
const LONE_SURROGATES = /[\uD800-\uDFFF]/gu;

/**
 * Well-formed Unicode: no lone UTF-16 surrogate. PostgreSQL cannot keep one (it stores U+FFFD instead), so a text
 * holding one would not be what was checked, hashed into the audit trail or shown (issue 27; docs/decisions/
 * 0014-back-office.md#audit-trail).
 */
export function isWellFormedText(text: string): boolean {
  // In a `u` pattern a surrogate range matches only an unpaired surrogate (String.isWellFormed is too new for some
  // members' browsers).
  return !LONE_SURROGATE.test(text);
}

/** The text with each lone surrogate replaced by U+FFFD, as PostgreSQL would keep it. */
export function toWellFormedText(text: string): string {
  return text.replace(LONE_SURROGATES, '\uFFFD');
}

/** Text that may be stored as it is: well-formed, and without the control characters `allowed` does not name. */
export function isStorableText(text: string, allowed = ''): boolean {
  return isWellFormedText(text) && hasNoControlCharacters(text, allowed);
}

/**
 * A string of a body or path: refuses broken Unicode and control characters first (INVALID_CHARACTERS, and no further
 * rule runs), so none reaches the database, which refuses some of them (NUL) and changes others (lone surrogates).
 * `allowed`: the layout controls the text may hold (TEXT_LAYOUT for operator-written HTML and chat messages).
 */
export function textSchema(typeError: string, allowed = '') {
  return z
    .string({ error: typeError })
    .refine((text) => isStorableText(text, allowed), { error: 'INVALID_CHARACTERS', abort: true });
}

/** A whole number from `min` to `max`; every failure answers `code`. */
export function wholeNumberSchema(code: string, min: number, max: number) {
  return z
    .number({ error: code })
    .int({ error: code })
    .min(min, { error: code })
    .max(max, { error: code });
}

export const THAI_PHONE = /^0\d{9}$/;
export const LAO_PHONE = /^\d{8,11}$/;

export function phoneSchema(country: Country) {
  // Control characters are refused before trimming: trim() would otherwise quietly remove a leading or trailing CR.
  return textSchema(country === 'TH' ? 'PHONE_NUMBER_REQUIRE_10_DIGIT' : 'PHONE_NUMBER_INVALID')
    .trim()
    .regex(country === 'TH' ? THAI_PHONE : LAO_PHONE, {
      error: country === 'TH' ? 'PHONE_NUMBER_REQUIRE_10_DIGIT' : 'PHONE_NUMBER_INVALID',
    });
}

/**
 * What shows nothing on screen: white space, format characters (zero-width space and joiners U+200B–U+200D, word
 * joiner U+2060, BOM U+FEFF, tags…), Unicode's default-ignorable characters, among them letters that draw blank (the
 * Hangul fillers U+115F, U+1160, U+3164, U+FFA0), and the braille blank (U+2800). Only for deciding whether a text has
 * content: the text is stored as written.
 */
const INVISIBLE = /[\s\p{Z}\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]/gu;

/** Whether a text shows anything: blank and invisible characters alone are no text (a name, a chat message). */
export const hasVisibleContent = (text: string) => text.replace(INVISIBLE, '') !== '';

/** A name shows at least one letter or digit: zero-width and other invisible characters alone are no name. */
const HAS_LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

export const nameSchema = textSchema('NAME_REQUIRED')
  .trim()
  .min(1, { error: 'NAME_REQUIRED' })
  .max(100, { error: 'NAME_TOO_LONG' })
  .refine((name) => HAS_LETTER_OR_DIGIT.test(name.replace(INVISIBLE, '')), {
    error: 'NAME_REQUIRED',
  });

/** A new password: D4's server rule. */
export const newPasswordSchema = textSchema('PASSWORD_REQUIRED')
  .min(1, { error: 'PASSWORD_REQUIRED' })
  .min(PASSWORD_MIN_LENGTH, { error: 'PASSWORD_TOO_SHORT' })
  .max(PASSWORD_MAX_LENGTH, { error: 'PASSWORD_TOO_LONG' });

/** An existing password being presented (login, old password): only presence and a sane bound. */
export const givenPasswordSchema = z
  .string({ error: 'PASSWORD_REQUIRED' })
  .refine(isWellFormedText, { error: 'INVALID_CHARACTERS', abort: true })
  .min(1, { error: 'PASSWORD_REQUIRED' })
  .max(PASSWORD_MAX_LENGTH, { error: 'PASSWORD_TOO_LONG' });

export const bankCodeSchema = textSchema('BANK_REQUIRED')
  .trim()
  .min(1, { error: 'BANK_REQUIRED' })
  .max(20, { error: 'INVALID_BANK' });

export const bankAccountNoSchema = textSchema('BANK_ACCOUNT_NO_INVALID')
  .trim()
  .regex(/^\d{8,18}$/, { error: 'BANK_ACCOUNT_NO_INVALID' });

/** Account names are trimmed, inner spaces collapsed, upper-cased (docs/spec.md §5). */
export const bankAccountNameSchema = textSchema('BANK_ACCOUNT_NAME_REQUIRED')
  .transform((s) => s.trim().replace(/\s+/g, ' ').toUpperCase())
  .pipe(
    z
      .string()
      .refine(hasVisibleContent, { error: 'BANK_ACCOUNT_NAME_REQUIRED', abort: true })
      .max(100, { error: 'NAME_TOO_LONG' }),
  );

export const ENGLISH_NAME = /^[A-Za-z ]+$/;

export function requiresEnglishName(bankCode: string): boolean {
  return (ENGLISH_NAME_BANKS as readonly string[]).includes(bankCode);
}

export function isEnglishName(name: string): boolean {
  return ENGLISH_NAME.test(name);
}

export const currencySchema = z.enum(['LAK', 'BAHT'], { error: 'CURRENCY_INVALID' });

export const localizedTextSchema = z.object({ th: z.string(), la: z.string(), en: z.string() });
export type LocalizedText = z.infer<typeof localizedTextSchema>;

export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;
