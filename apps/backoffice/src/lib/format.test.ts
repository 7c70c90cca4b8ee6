import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMinor, parseAmountToMinor } from '@/lib/format';

describe('back-office amounts', () => {
  it('formats minor units exactly, with the currency symbol and grouping', () => {
    expect(formatMinor(123456789, 'THB')).toBe('฿1,234,567.89');
    expect(formatMinor('-5', 'THB')).toBe('−฿0.05');
    expect(formatMinor(10n ** 18n, 'LAK')).toBe('₭10,000,000,000,000,000.00');
  });

  it('parses typed amounts to minor units; anything else is null', () => {
    expect(parseAmountToMinor('1,234.5')).toBe(123450);
    expect(parseAmountToMinor('฿ 20')).toBe(2000);
    expect(parseAmountToMinor('0.01')).toBe(1);
    for (const bad of ['', '1.234', '-5', '1e3', 'abc', '12.'])
      expect(parseAmountToMinor(bad)).toBeNull();
  });
});

describe('back-office dates', () => {
  const iso = '2026-11-28T17:30:00Z';
  it('counts Thai years in the Buddhist era, in the players\' time zone; English and Lao in the Gregorian', () => {
    expect(formatDate(iso, 'th')).toContain('2569');
    expect(formatDate(iso, 'th')).toContain('29');
    expect(formatDateTime(iso, 'th')).toContain('00:30');
    expect(formatDate(iso, 'en')).toContain('2026');
    expect(formatDate(iso, 'la')).toContain('2026');
  });
});
