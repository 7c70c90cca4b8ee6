import { TIME_AGO_UNITS, type Locale } from '@mekong/contracts/constants';
import i18n from 'i18next';

export type TimeAgoUnit = (typeof TIME_AGO_UNITS)[number]['unit'];
export type TimeAgo = { unit: TimeAgoUnit; value: number } | null;

/**
 * How long ago `value` was, in the largest unit of docs/spec.md §9 that fits (year 31536000 s, month 2592000 s,
 * day 86400 s, hour 3600 s, minute 60 s). Under a minute, or in the future (clock skew), it is null: "just now".
 */
export function timeAgo(value: string | number | Date, now: number = Date.now()): TimeAgo {
  const then = value instanceof Date ? value.getTime() : new Date(value).getTime();
  if (Number.isNaN(then)) return null;
  const seconds = Math.floor((now - then) / 1000);
  for (const { unit, seconds: size } of TIME_AGO_UNITS) {
    if (seconds >= size) return { unit, value: Math.floor(seconds / size) };
  }
  return null;
}

/** Lao is stored as `la` but Intl knows it as `lo` (docs/design.md#outside-parties). */
export function intlLocale(locale: Locale): string {
  if (locale === 'la') return 'lo-LA';
  if (locale === 'th') return 'th-TH';
  return 'en-GB';
}

type AgoTexts = Record<`${TimeAgoUnit}_${'one' | 'other'}`, string>;

/**
 * "3 hours ago" in the member's language, from the app's own texts (`dates.ago`), not Intl.RelativeTimeFormat: a
 * browser without Lao data would answer in English (docs/design.md#member-app). `justNow` is used under a minute.
 */
export function formatTimeAgo(
  value: string | number | Date,
  locale: Locale,
  justNow: string,
  now: number = Date.now(),
): string {
  const ago = timeAgo(value, now);
  if (!ago) return justNow;
  // The language's strings are loaded by then: `locale` is the language the page is shown in.
  const texts = i18n.getResource(locale, 'translation', 'dates.ago') as AgoTexts;
  const template = ago.value === 1 ? texts[`${ago.unit}_one`] : texts[`${ago.unit}_other`];
  return template.replace('{{count}}', String(ago.value));
}
