import { PLAYER_TIME_ZONE } from '@mekong/contracts/constants';

const dateTimeParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: PLAYER_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** DD/MM/YYYY HH:mm:ss in the players' time zone (UTC+7, docs/design.md#member-app), whatever the phone's setting. */
export function formatDateTime(value: string | number | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const part = Object.fromEntries(dateTimeParts.formatToParts(date).map((p) => [p.type, p.value]));
  return `${part.day}/${part.month}/${part.year} ${part.hour}:${part.minute}:${part.second}`;
}

/** 3-3-rest (1234567890 → 123-456-7890) only when exactly 10 digits; anything else is shown as is. */
export function formatAccountNumber(value: string): string {
  return /^\d{10}$/.test(value) ? `${value.slice(0, 3)}-${value.slice(3, 6)}-${value.slice(6)}` : value;
}

const money = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Amounts with exactly 2 decimals and thousands separators (docs/spec.md §9). */
export function formatMoney(value: number): string {
  return money.format(Number.isFinite(value) ? value : 0);
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
