import { PLAYER_TIME_ZONE, type DateEra } from '@mekong/contracts/constants';

/**
 * Made on first use: a formatter with a time zone costs a slow phone tens of milliseconds to build, and the first
 * page to run this module (/login) formats no date (docs/decisions/0017-first-load.md).
 */
function made<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

const dateTimeParts = made(
  () =>
    new Intl.DateTimeFormat('en-GB', {
      timeZone: PLAYER_TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    }),
);

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

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const weekdayOf = made(
  () => new Intl.DateTimeFormat('en-US', { timeZone: PLAYER_TIME_ZONE, weekday: 'short' }),
);

/** A moment's calendar parts in the players' time zone (UTC+7, docs/design.md#player-time), or null when unreadable. */
export function playerParts(
  value: string | number | Date,
  { era = 'gregorian' }: DateOptions = {},
): PlayerParts | null {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  const part = Object.fromEntries(
    dateTimeParts()
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  ) as Record<string, string>;
  const year = era === 'buddhist' ? String(Number(part.year) + 543) : (part.year ?? '');
  return {
    day: part.day ?? '',
    month: part.month ?? '',
    year,
    hour: part.hour ?? '',
    minute: part.minute ?? '',
    second: part.second ?? '',
    weekday: WEEKDAYS.indexOf(weekdayOf().format(date)),
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

const money = made(
  () => new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
);

/** Amounts with exactly 2 decimals and thousands separators (docs/spec.md §9). */
export function formatMoney(value: number): string {
  return money().format(Number.isFinite(value) ? value : 0);
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
