import { describe, expect, it } from 'vitest';
import { fromMinor, toMinor } from '@/features/settings/hooks/minor-amount';

describe('baht text and minor units', () => {
  it('reads whole baht and up to two decimals, with thousands separators', () => {
    expect(toMinor('100')).toBe(10_000);
    expect(toMinor(' 1,250.5 ')).toBe(125_050);
    expect(toMinor('0.07')).toBe(7);
  });

  it('refuses anything else as NaN, so the contract schema names the field', () => {
    for (const text of ['', '-5', '1.234', 'abc', '1e3']) expect(toMinor(text)).toBeNaN();
  });

  it('writes minor units back as the operator typed them', () => {
    expect(fromMinor(5_000_000)).toBe('50000');
    expect(fromMinor(125_050)).toBe('1250.50');
    expect(fromMinor(Number.NaN)).toBe('');
  });
});
