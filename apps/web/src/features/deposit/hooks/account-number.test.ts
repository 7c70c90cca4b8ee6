import { describe, expect, it } from 'vitest';
import { groupAccountNumber } from '@/features/deposit/hooks/account-number';

describe('operator account numbers, grouped as banks print them', () => {
  it('prints a Thai 10-digit bank account as XXX-X-XXXXX-X', () => {
    expect(groupAccountNumber('1423096718')).toBe('142-3-09671-8');
    expect(groupAccountNumber('4071852263')).toBe('407-1-85226-3');
  });

  it('prints a wallet phone number as 0XX-XXX-XXXX', () => {
    expect(groupAccountNumber('0968874512', 'wallet')).toBe('096-887-4512');
  });

  it('groups longer numbers in fours, so 16 digits fit on one line', () => {
    expect(groupAccountNumber('0101000123456789')).toBe('0101 0001 2345 6789');
    expect(groupAccountNumber('020012345678')).toBe('0200 1234 5678');
    expect(groupAccountNumber('12345678901')).toBe('1234 5678 901');
  });

  it('leaves short numbers and anything that is not digits as they are', () => {
    expect(groupAccountNumber('123456')).toBe('123456');
    expect(groupAccountNumber('ACC-12A')).toBe('ACC-12A');
    expect(groupAccountNumber('142-3-09671-8')).toBe('142-3-09671-8');
  });
});
