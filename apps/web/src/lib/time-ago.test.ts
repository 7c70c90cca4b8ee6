import { describe, expect, it } from 'vitest';
import { formatTimeAgo, timeAgo } from '@/lib/time-ago';

const now = Date.parse('2025-06-01T12:00:00Z');
const ago = (seconds: number) => new Date(now - seconds * 1000);

// First in the file: a formatter Intl made earlier would be kept and hide the missing Lao data.
describe('Lao time-ago', () => {
  it('writes Lao from the app’s own texts, whatever Intl knows of Lao (a browser without Lao data says English)', () => {
    const intlWithLao = Intl.RelativeTimeFormat;
    // As in a Chromium whose Intl has no Lao: asking it would answer in English.
    const englishOnly = class extends intlWithLao {
      constructor(_locale?: string | string[], options?: Intl.RelativeTimeFormatOptions) {
        super('en', options);
      }
    };
    Object.defineProperty(Intl, 'RelativeTimeFormat', {
      value: englishOnly,
      configurable: true,
      writable: true,
    });
    try {
      expect(formatTimeAgo(ago(60), 'la', 'ຫາກໍ່ນີ້', now)).toBe('1 ນາທີກ່ອນ');
      expect(formatTimeAgo(ago(2 * 3600), 'la', 'ຫາກໍ່ນີ້', now)).toBe('2 ຊົ່ວໂມງກ່ອນ');
      expect(formatTimeAgo(ago(3 * 86_400), 'la', 'ຫາກໍ່ນີ້', now)).toBe('3 ມື້ກ່ອນ');
      expect(formatTimeAgo(ago(4 * 2_592_000), 'la', 'ຫາກໍ່ນີ້', now)).toBe('4 ເດືອນກ່ອນ');
      expect(formatTimeAgo(ago(31_536_000), 'la', 'ຫາກໍ່ນີ້', now)).toBe('1 ປີກ່ອນ');
      expect(formatTimeAgo(ago(30), 'la', 'ຫາກໍ່ນີ້', now)).toBe('ຫາກໍ່ນີ້');
    } finally {
      Object.defineProperty(Intl, 'RelativeTimeFormat', {
        value: intlWithLao,
        configurable: true,
        writable: true,
      });
    }
  });
});

describe('timeAgo (docs/spec.md §9 units)', () => {
  it('uses year 31536000 s, month 2592000 s, day 86400 s, hour 3600 s, minute 60 s', () => {
    expect(timeAgo(ago(31_536_000), now)).toEqual({ unit: 'year', value: 1 });
    expect(timeAgo(ago(31_535_999), now)).toEqual({ unit: 'month', value: 12 });
    expect(timeAgo(ago(2_592_000), now)).toEqual({ unit: 'month', value: 1 });
    expect(timeAgo(ago(2_591_999), now)).toEqual({ unit: 'day', value: 29 });
    expect(timeAgo(ago(86_400), now)).toEqual({ unit: 'day', value: 1 });
    expect(timeAgo(ago(86_399), now)).toEqual({ unit: 'hour', value: 23 });
    expect(timeAgo(ago(3600), now)).toEqual({ unit: 'hour', value: 1 });
    expect(timeAgo(ago(3599), now)).toEqual({ unit: 'minute', value: 59 });
    expect(timeAgo(ago(60), now)).toEqual({ unit: 'minute', value: 1 });
  });

  it('floors to whole units', () => {
    expect(timeAgo(ago(2 * 31_536_000 + 30_000_000), now)).toEqual({ unit: 'year', value: 2 });
    expect(timeAgo(ago(5 * 3600 + 3599), now)).toEqual({ unit: 'hour', value: 5 });
  });

  it('is "just now" under a minute, in the future, or for a bad date', () => {
    expect(timeAgo(ago(59), now)).toBeNull();
    expect(timeAgo(ago(-300), now)).toBeNull();
    expect(timeAgo('not a date', now)).toBeNull();
  });
});

describe('formatTimeAgo', () => {
  it('reads naturally in English, one and many', () => {
    expect(formatTimeAgo(ago(3 * 3600), 'en', 'just now', now)).toBe('3 hours ago');
    expect(formatTimeAgo(ago(60), 'en', 'just now', now)).toBe('1 minute ago');
    expect(formatTimeAgo(ago(86_400), 'en', 'just now', now)).toBe('1 day ago');
    expect(formatTimeAgo(ago(2 * 31_536_000), 'en', 'just now', now)).toBe('2 years ago');
    expect(formatTimeAgo(ago(10), 'en', 'just now', now)).toBe('just now');
  });

  it('uses the Thai and Lao scripts', () => {
    expect(formatTimeAgo(ago(2 * 86_400), 'th', 'x', now)).toMatch(/[\u0E00-\u0E7F]/);
    expect(formatTimeAgo(ago(2 * 86_400), 'la', 'x', now)).toMatch(/[\u0E80-\u0EFF]/);
  });

  it('writes Thai from the app’s own texts', () => {
    expect(formatTimeAgo(ago(5 * 60), 'th', 'เมื่อสักครู่', now)).toBe('5 นาทีที่แล้ว');
    expect(formatTimeAgo(ago(3600), 'th', 'เมื่อสักครู่', now)).toBe('1 ชั่วโมงที่แล้ว');
    expect(formatTimeAgo(ago(3 * 2_592_000), 'th', 'เมื่อสักครู่', now)).toBe('3 เดือนที่แล้ว');
  });
});
