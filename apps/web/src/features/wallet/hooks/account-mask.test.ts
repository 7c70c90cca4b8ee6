import { describe, expect, it } from 'vitest';
import { maskAccountNumber } from '@/features/wallet/hooks/account-mask';

describe('maskAccountNumber', () => {
  it('shows only the last 4 digits of a 10-digit number, in the 3-3-4 grouping', () => {
    expect(maskAccountNumber('1234567890')).toBe('xxx-xxx-7890');
  });

  it('masks other lengths without grouping', () => {
    expect(maskAccountNumber('123456789012')).toBe('xxxxxxxx9012');
    expect(maskAccountNumber('0101234567890123')).toBe('xxxxxxxxxxxx0123');
  });

  it('never shows a short number whole', () => {
    expect(maskAccountNumber('1234')).toBe('x234');
    expect(maskAccountNumber('7')).toBe('x');
    expect(maskAccountNumber('')).toBe('');
  });
});
