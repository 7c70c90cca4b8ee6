import { describe, expect, it } from 'vitest';
import { withdrawFormSchema, type WithdrawLimits } from '@/features/wallet/hooks/withdraw-form';

const limits = { withdrawMin: 100, withdrawMax: 50_000 };

function withdrawError(rules: WithdrawLimits, available: number, amount: string): string | null {
  const result = withdrawFormSchema(rules, available).safeParse({ amount });
  return result.success ? null : result.error.issues[0]!.message;
}

describe('withdraw rules (docs/spec.md §5)', () => {
  it('refuses less than withdrawMin with WITHDRAW_MINIMUM', () => {
    expect(withdrawError(limits, 100_000, '99.99')).toBe('WITHDRAW_MINIMUM');
    expect(withdrawError(limits, 100_000, '')).toBe('WITHDRAW_MINIMUM');
    expect(withdrawError(limits, 100_000, '0')).toBe('WITHDRAW_MINIMUM');
  });

  it('refuses more than withdrawMax with WITHDRAW_MAXIMUM', () => {
    expect(withdrawError(limits, 100_000, '50000.01')).toBe('WITHDRAW_MAXIMUM');
  });

  it('accepts both limits themselves', () => {
    expect(withdrawError(limits, 100_000, '100')).toBeNull();
    expect(withdrawError(limits, 100_000, '50,000.00')).toBeNull();
  });

  it('follows the limits the server gives', () => {
    expect(withdrawError({ withdrawMin: 1, withdrawMax: 10 }, 100, '5')).toBeNull();
    expect(withdrawError({ withdrawMin: 1, withdrawMax: 10 }, 100, '11')).toBe('WITHDRAW_MAXIMUM');
  });

  it('refuses more than the member has, and more than 2 decimals (the contract schema)', () => {
    expect(withdrawError(limits, 150, '200')).toBe('MONEY_NOT_ENOUGH');
    expect(withdrawError(limits, 1000, '100.001')).toBe('INVALID_AMOUNT');
  });

  it('gives the call body with the amount as a number', () => {
    expect(withdrawFormSchema(limits, 1000).parse({ amount: '250.5' })).toEqual({ amount: 250.5 });
  });
});
