import { PLAYER_TIME_ZONE } from '@mekong/contracts/constants';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatAccountNumber,
  formatDate,
  formatDateTime,
  formatMoney,
  playerDayKey,
  playerParts,
  previousDayKey,
} from '@/lib/format';

describe('formatDateTime', () => {
  it('shows DD/MM/YYYY HH:mm:ss in Asia/Bangkok (UTC+7) whatever the input zone', () => {
    expect(formatDateTime('2024-03-05T17:04:09.000Z')).toBe('06/03/2024 00:04:09');
    expect(formatDateTime('2024-12-31T16:59:59Z')).toBe('31/12/2024 23:59:59');
  });

  it('pads single digits and uses a 24-hour clock', () => {
    expect(formatDateTime('2025-01-02T01:02:03Z')).toBe('02/01/2025 08:02:03');
    expect(formatDateTime('2025-07-09T05:00:00Z')).toBe('09/07/2025 12:00:00');
  });

  it('returns an empty string for an unreadable date', () => {
    expect(formatDateTime('not a date')).toBe('');
  });
});

describe('dates in the players’ time zone (one style, docs/design.md#member-app)', () => {
  it('gives the date half of formatDateTime', () => {
    expect(formatDate('2024-03-05T17:04:09.000Z')).toBe('06/03/2024');
    expect(formatDate('nope')).toBe('');
  });

  it('counts Buddhist-era years only when asked (CE + 543)', () => {
    expect(formatDateTime('2024-12-31T16:59:59Z', { era: 'buddhist' })).toBe('31/12/2567 23:59:59');
    expect(formatDate('2024-12-31T17:00:00Z', { era: 'buddhist' })).toBe('01/01/2568');
    expect(formatDate('2024-12-31T17:00:00Z')).toBe('01/01/2025');
  });

  it('keys a moment by the players’ calendar day, which starts at 17:00 UTC', () => {
    expect(playerDayKey('2026-11-01T16:59:59Z')).toBe('2026-11-01');
    expect(playerDayKey('2026-11-01T17:00:00Z')).toBe('2026-11-02');
    expect(playerDayKey('nope')).toBe('');
    expect(previousDayKey('2026-03-01')).toBe('2026-02-28');
    expect(previousDayKey('2025-01-01')).toBe('2024-12-31');
  });

  it('knows the weekday there (0 Sunday … 6 Saturday)', () => {
    // Sunday 1 November 2026, 23:30 in Bangkok, but still Sunday afternoon in UTC.
    expect(playerParts('2026-11-01T16:30:00Z')?.weekday).toBe(0);
    expect(playerParts('2026-11-01T17:30:00Z')?.weekday).toBe(1);
  });
});

describe('formatAccountNumber', () => {
  it('formats exactly 10 digits as 3-3-rest', () => {
    expect(formatAccountNumber('1234567890')).toBe('123-456-7890');
  });

  it('leaves any other length or non-digits as they are', () => {
    expect(formatAccountNumber('123456789')).toBe('123456789');
    expect(formatAccountNumber('12345678901')).toBe('12345678901');
    expect(formatAccountNumber('12345abcde')).toBe('12345abcde');
    expect(formatAccountNumber('')).toBe('');
  });
});

describe('formatMoney', () => {
  it('always shows 2 decimals with thousands separators', () => {
    expect(formatMoney(0)).toBe('0.00');
    expect(formatMoney(5)).toBe('5.00');
    expect(formatMoney(1234.5)).toBe('1,234.50');
    expect(formatMoney(1234567.891)).toBe('1,234,567.89');
    expect(formatMoney(-20.1)).toBe('-20.10');
  });

  it('shows 0.00 for non-numbers', () => {
    expect(formatMoney(Number.NaN)).toBe('0.00');
  });
});

// The app writes money and dates by hand (lib/format.ts says why); they must read as Intl writes them.
describe('the hand-written formats agree with Intl', () => {
  it('formatMoney equals en-US Intl.NumberFormat with 2 decimals, for every finite number', () => {
    const intl = new Intl.NumberFormat('en-US', {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    const halves = fc.integer({ min: -10_000_000, max: 10_000_000 }).map((n) => n / 1000 + 0.0005);
    const amounts = fc.integer({ min: -1e12, max: 1e12 }).map((n) => n / 100);
    for (const numbers of [fc.double({ noNaN: true, noDefaultInfinity: true }), halves, amounts]) {
      fc.assert(
        fc.property(numbers, (value) => formatMoney(value) === intl.format(value)),
        { numRuns: 5000 },
      );
    }
    for (const value of [
      1.005,
      2.675,
      9.995,
      99999999.995,
      -0,
      -0.001,
      5e-7,
      1e21,
      1.2345e25,
      Number.MIN_VALUE,
    ]) {
      expect(formatMoney(value)).toBe(intl.format(value));
    }
  });

  it('playerParts equals Intl.DateTimeFormat in Asia/Bangkok, for every moment from 1921 (Bangkok’s clock has been UTC+7 since 1920) to 2200', () => {
    const intl = new Intl.DateTimeFormat('en-GB', {
      timeZone: PLAYER_TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      weekday: 'short',
      hourCycle: 'h23',
    });
    const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
    const moments = fc.integer({ min: Date.UTC(1921, 0, 1), max: Date.UTC(2200, 0, 1) });
    fc.assert(
      fc.property(moments, (ms) => {
        const part = Object.fromEntries(
          intl.formatToParts(new Date(ms)).map((p) => [p.type, p.value]),
        );
        expect(playerParts(ms)).toEqual({
          day: part.day,
          month: part.month,
          year: part.year,
          hour: part.hour,
          minute: part.minute,
          second: part.second,
          weekday: weekdays.indexOf(part.weekday ?? ''),
        });
      }),
      { numRuns: 5000 },
    );
  });
});
