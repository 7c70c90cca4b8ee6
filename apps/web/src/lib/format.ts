import { PLAYER_UTC_OFFSET_MS, type DateEra } from '@mekong/contracts/constants';

/**
 * The players' clock is UTC+7 all year (Asia/Bangkok and Asia/Vientiane keep no summer time), so a moment's calendar
 * parts are those of UTC seven hours later. Worked out by hand, not by an Intl.DateTimeFormat in the zone: building
 * the first one costs a slow phone tens of milliseconds in the middle of the home page's start
 * (docs/decisions/0017-first-load.md); format.test.ts checks the two agree.
 */

const two = (n: number) => String(n).padStart(2, '0');

/**
 * The year count of a date (docs/design.md#member-app): the spec's DD/MM/YYYY is Gregorian (CE) in every language;
 * `buddhist` (BE = CE + 543) when the member chose it in the profile (lib/use-date-era.ts).
 */
export type DateOptions = { era?: DateEra };

type PlayerParts = {
  day: string;
  month: string;
  year: string;
  hour: string;
  minute: string;
  second: string;
  weekday: number;
};

/** A moment's calendar parts in the players' time zone (UTC+7, docs/design.md#player-time), or null when unreadable. */
export function playerParts(
  value: string | number | Date,
  { era = 'gregorian' }: DateOptions = {},
): PlayerParts | null {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  const there = new Date(date.getTime() + PLAYER_UTC_OFFSET_MS);
  const year = there.getUTCFullYear() + (era === 'buddhist' ? 543 : 0);
  return {
    day: two(there.getUTCDate()),
    month: two(there.getUTCMonth() + 1),
    year: String(year).padStart(4, '0'),
    hour: two(there.getUTCHours()),
    minute: two(there.getUTCMinutes()),
    second: two(there.getUTCSeconds()),
    weekday: there.getUTCDay(),
  };
}

/** DD/MM/YYYY HH:mm:ss in the players' time zone (UTC+7, docs/design.md#member-app), whatever the phone's setting. */
export function formatDateTime(value: string | number | Date, options?: DateOptions): string {
  const p = playerParts(value, options);
  return p ? `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}:${p.second}` : '';
}

/** DD/MM/YYYY in the players' time zone: the date half of formatDateTime, the one date style of every text. */
export function formatDate(value: string | number | Date, options?: DateOptions): string {
  const p = playerParts(value, options);
  return p ? `${p.day}/${p.month}/${p.year}` : '';
}

/** HH:mm in the players' time zone: the time of a chat message. */
export function formatTime(value: string | number | Date): string {
  const p = playerParts(value);
  return p ? `${p.hour}:${p.minute}` : '';
}

/** The players' calendar day of a moment, as YYYY-MM-DD (sorts and compares as text); '' when unreadable. */
export function playerDayKey(value: string | number | Date): string {
  const p = playerParts(value);
  return p ? `${p.year}-${p.month}-${p.day}` : '';
}

/** The players' calendar day before `dayKey` (YYYY-MM-DD). */
export function previousDayKey(dayKey: string): string {
  const date = new Date(`${dayKey}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

/** 3-3-rest (1234567890 → 123-456-7890) only when exactly 10 digits; anything else is shown as is. */
export function formatAccountNumber(value: string): string {
  return /^\d{10}$/.test(value)
    ? `${value.slice(0, 3)}-${value.slice(3, 6)}-${value.slice(6)}`
    : value;
}

/**
 * Amounts with exactly 2 decimals and thousands separators (docs/spec.md §9), as en-US Intl.NumberFormat writes them:
 * the number's shortest decimal form rounded half away from zero. Written out by hand for the same reason as the
 * dates above; format.test.ts checks the two agree.
 */
export function formatMoney(value: number): string {
  const safe = Number.isFinite(value) ? value : 0;
  const sign = safe < 0 || Object.is(safe, -0) ? '-' : '';
  const [whole = '0', fraction = ''] = plainDecimal(Math.abs(safe)).split('.');
  const cents =
    BigInt(whole + fraction.slice(0, 2).padEnd(2, '0')) + ((fraction[2] ?? '0') >= '5' ? 1n : 0n);
  const units = (cents / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${units}.${two(Number(cents % 100n))}`;
}

/** A non-negative number's shortest decimal form without an exponent (5e-7 → 0.0000005, 1.5e21 → 1500…0). */
function plainDecimal(value: number): string {
  const [mantissa = '0', exponent = '0'] = String(value).split('e');
  const shift = Number(exponent);
  if (shift === 0) return mantissa;
  const [whole = '0', fraction = ''] = mantissa.split('.');
  const digits = whole + fraction;
  const point = whole.length + shift;
  if (point <= 0) return `0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return digits + '0'.repeat(point - digits.length);
  return `${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** Currency symbols of the two member currencies (docs/spec.md §3: BAHT, LAK). */
export const CURRENCY_SYMBOL = { BAHT: '฿', LAK: '₭' } as const;

export function currencySymbol(currency: string | null | undefined): string {
  return currency === 'LAK' ? CURRENCY_SYMBOL.LAK : CURRENCY_SYMBOL.BAHT;
}

/** ฿1,234.50 / ₭1,234.50 — baht when the currency is not known yet. */
export function formatAmount(value: number, currency?: string | null): string {
  const text = formatMoney(Math.abs(value));
  return `${value < 0 ? '-' : ''}${currencySymbol(currency)}${text}`;
}

/** Reads an amount typed by a member: thousands separators and spaces ignored; NaN when not a number. */
export function parseAmountInput(text: string): number {
  const cleaned = text.replace(/[,\s]/g, '');
  if (!/^\d*\.?\d*$/.test(cleaned) || cleaned === '' || cleaned === '.') return Number.NaN;
  return Number(cleaned);
}
