import { PLAYER_TIME_ZONE, type LedgerCurrency } from '@mekong/contracts/constants';

const SYMBOL: Record<LedgerCurrency, string> = { THB: '฿', LAK: '₭' };

/** Amounts of the back-office API are integers in minor units (satang, att) with their currency. */
export function formatMinor(
  minor: number | string | bigint,
  currency: LedgerCurrency = 'THB',
): string {
  const value = typeof minor === 'bigint' ? minor : BigInt(minor);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const whole = (abs / 100n).toLocaleString('en-US');
  const fraction = (abs % 100n).toString().padStart(2, '0');
  return `${negative ? '−' : ''}${SYMBOL[currency]}${whole}.${fraction}`;
}

/** "1,234.50" → 123450 minor units; null when it is not an amount with at most two decimals. */
export function parseAmountToMinor(text: string): number | null {
  const clean = text.replace(/[,\s฿₭]/g, '');
  if (!/^\d{1,12}(\.\d{1,2})?$/.test(clean)) return null;
  const [whole = '0', fraction = ''] = clean.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Lao is `la` in the app but `lo` to Intl; a browser without Lao data would fall back to its own (often Thai) locale. */
function intlLocale(locale: string): string {
  if (locale !== 'la') return locale;
  return Intl.DateTimeFormat.supportedLocalesOf(['lo']).length > 0 ? 'lo' : 'en-GB';
}

function formatInZone(
  iso: string | null | undefined,
  locale: string,
  style: Pick<Intl.DateTimeFormatOptions, 'dateStyle' | 'timeStyle'>,
): string {
  if (!iso) return '—';
  return new Intl.DateTimeFormat(intlLocale(locale), {
    timeZone: PLAYER_TIME_ZONE,
    // Thai dates in the Buddhist era, named rather than left to the browser's locale data (issue 28 item 11).
    calendar: locale === 'th' ? 'buddhist' : 'gregory',
    ...style,
  }).format(new Date(iso));
}

export function formatDateTime(iso: string | null | undefined, locale = 'en'): string {
  return formatInZone(iso, locale, { dateStyle: 'medium', timeStyle: 'short' });
}

export function formatDate(iso: string | null | undefined, locale = 'en'): string {
  return formatInZone(iso, locale, { dateStyle: 'medium' });
}

/** A date and time to the second (what ran when, for work done every few seconds). */
export function formatDateTimeSeconds(iso: string | null | undefined, locale = 'en'): string {
  return formatInZone(iso, locale, { dateStyle: 'medium', timeStyle: 'medium' });
}
