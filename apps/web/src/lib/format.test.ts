import { describe, expect, it } from 'vitest';
import { formatAccountNumber, formatDateTime, formatMoney } from '@/lib/format';

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
