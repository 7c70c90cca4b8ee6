/** Business constants of docs/spec.md §9 and docs/design.md#members-and-sessions. */
export const APP_VERSION = '1.1.14';
export const CLIENT_HEADER = 'x-client';
export const CLIENT_HEADER_VALUE = 'member-web';
/** The back office's marker value on its `/api/admin` calls (docs/decisions/0014-back-office.md). */
export const BACKOFFICE_CLIENT_HEADER_VALUE = 'backoffice';
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/**
 * The member's home page drawn by the server (docs/decisions/0021-member-home-page.md): the cookie the server sets for
 * that page (a key of the session, not its token), the call that sets and removes it (here, not only in its contract,
 * so the app's start-up asks for it without loading the validation library), and the element the server writes the
 * page's answers into.
 */
export const HOME_COOKIE = 'home_session';
export const HOME_COOKIE_PATH = '/api/account/home-cookie';
export const HOME_ANSWERS_ID = 'home-answers';
/** The answers a drawn home page carries, as the app's own calls answered them (each read with its call's schema). */
export type HomeAnswers = {
  profile: unknown;
  wallet: unknown;
  notice: unknown;
  brand: unknown;
  chatWidget: unknown;
};

export const REQUEST_TIMEOUT_MS = 60_000;
export const SLIP_UPLOAD_TIMEOUT_MS = 300_000;

export const PAGE_SIZE = {
  invite: 10,
  refund: 10,
  statement: 10,
  slip: 10,
  coupon: 3,
  chatHistory: 10,
} as const;
export const STATEMENT_PAGES_BEFORE = 3;
export const STATEMENT_PAGES_AFTER = 1;

export const TRANSFER_MINIMUM_BAHT = 1;
export const TRUEWALLET_MINIMUM_BAHT = 2;
export const QR_PROVIDERS = ['KBANK', 'WW', 'E2P'] as const;
export type QrProvider = (typeof QR_PROVIDERS)[number];
export const QR_RULES: Record<
  QrProvider,
  { minimum: number; isMinimumExclusive: boolean; quick: readonly number[] }
> = {
  KBANK: { minimum: 0, isMinimumExclusive: true, quick: [10, 20, 50, 100, 500, 1000] },
  WW: { minimum: 100, isMinimumExclusive: false, quick: [100, 200, 300, 500, 1000] },
  E2P: { minimum: 50, isMinimumExclusive: false, quick: [50, 100, 200, 500, 1000] },
};

export const ENGLISH_NAME_BANKS = ['KTB', 'TMB', 'BBL'] as const;
export const MEMBER_CURRENCIES = ['LAK', 'BAHT'] as const;
export type MemberCurrency = (typeof MEMBER_CURRENCIES)[number];
/** The same money by its ISO 4217 code, as the ledger, the reports and the back office count it. */
export const LEDGER_CURRENCIES = ['THB', 'LAK'] as const;
export type LedgerCurrency = (typeof LEDGER_CURRENCIES)[number];

/** A member's registration currency (BAHT | LAK, or as an admin answer spells it) as the ledger names it. */
export function ledgerCurrency(memberCurrency: string): LedgerCurrency {
  return memberCurrency === 'LAK' ? 'LAK' : 'THB';
}

export const DELAY = {
  loadingIndicatorMs: 200,
  agreementModalMs: 1500,
  copyAfterNameSaveMs: 1000,
  registerRedirectMs: 2000,
  registerToastMs: 4000,
} as const;

export const TIME_AGO_UNITS = [
  { unit: 'year', seconds: 31_536_000 },
  { unit: 'month', seconds: 2_592_000 },
  { unit: 'day', seconds: 86_400 },
  { unit: 'hour', seconds: 3600 },
  { unit: 'minute', seconds: 60 },
] as const;

export const LOCALES = ['th', 'la', 'en'] as const;
export type Locale = (typeof LOCALES)[number];

export const PLAYER_TIME_ZONE = 'Asia/Bangkok';
/**
 * The players' clock as an offset: Asia/Bangkok and Asia/Vientiane are UTC+7 all year (no summer time since 1920), so
 * a moment's calendar day there is the UTC day of the moment seven hours later (docs/design.md#player-time).
 */
export const PLAYER_UTC_OFFSET_MS = 7 * 60 * 60 * 1000;
/** How dates count years: Gregorian (CE, the default) or the Thai Buddhist era (BE = CE + 543), a member preference. */
export const DATE_ERAS = ['gregorian', 'buddhist'] as const;
export type DateEra = (typeof DATE_ERAS)[number];

/** docs/design.md#members-and-sessions */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const OTP_VALID_MS = 5 * 60_000;
export const OTP_MAX_WRONG = 5;
export const OTP_RESEND_MS = 60_000;
export const OTP_VERIFIED_VALID_MS = 30 * 60_000;
/** How long a verified password-reset code lets the member set a new password (docs/design.md#password-reset). */
export const PASSWORD_RESET_VALID_MS = 10 * 60_000;
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_WINDOW_MS = 15 * 60_000;
export const SESSION_IDLE_MS = 7 * 24 * 3600_000;
/** A session ends this long after sign-in however much it is used (issue 8 A12). */
export const SESSION_MAX_AGE_MS = 30 * 24 * 3600_000;

export const COUNTRIES = ['TH', 'LA'] as const;
export type Country = (typeof COUNTRIES)[number];
