import { describe, expect, it } from 'vitest';
import { amountSign, pageCount, paginationWindow, signedAmount, statusKind } from '@/features/statement/hooks/statement-format';

describe('signed amount (docs/spec.md §9)', () => {
  it('puts "+" on deposit and bonus, "-" on withdraw and nothing on the others', () => {
    expect(amountSign('deposit')).toBe('+');
    expect(amountSign('bonus')).toBe('+');
    expect(amountSign('withdraw')).toBe('-');
    expect(amountSign('transfer')).toBe('');
    expect(amountSign('finish_bonus')).toBe('');
  });

  it('always shows 2 decimals, with thousands separators and an optional currency symbol', () => {
    expect(signedAmount({ statementType: 'deposit', amount: 100 })).toBe('+100.00');
    expect(signedAmount({ statementType: 'withdraw', amount: 1234.5 }, '฿')).toBe('-฿1,234.50');
    expect(signedAmount({ statementType: 'transfer', amount: 0.1 }, '₭')).toBe('₭0.10');
    expect(signedAmount({ statementType: 'finish_bonus', amount: 20 })).toBe('20.00');
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

describe('pagination window (3 pages before, 1 after)', () => {
  it('shows up to 3 before and 1 after the current page', () => {
    expect(paginationWindow(5, 10)).toEqual([2, 3, 4, 5, 6]);
    expect(paginationWindow(4, 10)).toEqual([1, 2, 3, 4, 5]);
  });

  it('stops at the first and the last page', () => {
    expect(paginationWindow(1, 10)).toEqual([1, 2]);
    expect(paginationWindow(2, 10)).toEqual([1, 2, 3]);
    expect(paginationWindow(10, 10)).toEqual([7, 8, 9, 10]);
    expect(paginationWindow(1, 1)).toEqual([1]);
  });

  it('counts pages of 10, at least one', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
    expect(pageCount(95, 10)).toBe(10);
  });
});
