import { describe, expect, it } from 'vitest';
import { withdrawError, withdrawFormSchema } from '@/features/wallet/hooks/withdraw-form';

const limits = { withdrawMin: 100, withdrawMax: 50_000 };

describe('withdraw rules (spec §5)', () => {
  it('refuses less than withdrawMin with WITHDRAW_MINIMUM', () => {
    expect(withdrawError(limits, 100_000, '99.99')).toBe('errors.WITHDRAW_MINIMUM');
    expect(withdrawError(limits, 100_000, '')).toBe('errors.WITHDRAW_MINIMUM');
    expect(withdrawError(limits, 100_000, '0')).toBe('errors.WITHDRAW_MINIMUM');
  });

  it('refuses more than withdrawMax with WITHDRAW_MAXIMUM', () => {
    expect(withdrawError(limits, 100_000, '50000.01')).toBe('errors.WITHDRAW_MAXIMUM');
  });

  it('accepts both limits themselves', () => {
    expect(withdrawError(limits, 100_000, '100')).toBeNull();
    expect(withdrawError(limits, 100_000, '50,000.00')).toBeNull();
  });

  it('follows the limits the server gives', () => {
    expect(withdrawError({ withdrawMin: 1, withdrawMax: 10 }, 100, '5')).toBeNull();
    expect(withdrawError({ withdrawMin: 1, withdrawMax: 10 }, 100, '11')).toBe('errors.WITHDRAW_MAXIMUM');
  });

  it('refuses more than the member has, and more than 2 decimals', () => {
    expect(withdrawError(limits, 150, '200')).toBe('errors.MONEY_NOT_ENOUGH');
    expect(withdrawError(limits, 1000, '100.001')).toBe('errors.INVALID_AMOUNT');
  });

  it('gives the amount as a number', () => {
    expect(withdrawFormSchema(limits, 1000).parse({ amount: '250.5' })).toEqual({ amount: 250.5 });
  });
});
