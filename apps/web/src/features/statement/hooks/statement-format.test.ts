import { describe, expect, it } from 'vitest';
import { amountSign, signedAmount, statusKind } from '@/features/statement/hooks/statement-format';

describe('signed amount (docs/spec.md §9)', () => {
  it('puts "+" on deposit and bonus, "-" on withdraw and a bonus end (a forfeit, issue 28), nothing on a transfer', () => {
    expect(amountSign('deposit')).toBe('+');
    expect(amountSign('bonus')).toBe('+');
    expect(amountSign('withdraw')).toBe('-');
    expect(amountSign('transfer')).toBe('');
    expect(amountSign('finish_bonus')).toBe('-');
  });

  it('always shows 2 decimals, with thousands separators and an optional currency symbol', () => {
    expect(signedAmount({ statementType: 'deposit', amount: 100 })).toBe('+100.00');
    expect(signedAmount({ statementType: 'withdraw', amount: 1234.5 }, '฿')).toBe('-฿1,234.50');
    expect(signedAmount({ statementType: 'transfer', amount: 0.1 }, '₭')).toBe('₭0.10');
    expect(signedAmount({ statementType: 'finish_bonus', amount: 220 }, '฿')).toBe('-฿220.00');
  });

  it('never doubles a sign the server may already have put on the number', () => {
    expect(signedAmount({ statementType: 'withdraw', amount: -50 })).toBe('-50.00');
  });
});

describe('status', () => {
  it('is SUCCESS, FAILED, or otherwise in progress', () => {
    expect(statusKind('SUCCESS')).toBe('success');
    expect(statusKind('FAILED')).toBe('failed');
    expect(statusKind('PENDING')).toBe('progress');
    expect(statusKind('WAITING')).toBe('progress');
  });
});
