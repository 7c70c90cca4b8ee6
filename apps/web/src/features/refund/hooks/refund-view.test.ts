import type { RefundCheck } from '@mekong/contracts/refund';
import { describe, expect, it } from 'vitest';
import { refundBlock, weekLastDay } from '@/features/refund/hooks/refund-view';
import { formatDate } from '@/lib/format';

const check = (over: Partial<RefundCheck> & { isReceived?: boolean } = {}): RefundCheck => ({
  result: true,
  bonus: false,
  info: {
    percent: 5,
    minimum: 0,
    maximum: null,
    weekStart: '2026-11-15T17:00:00.000Z',
    weekEnd: '2026-11-22T17:00:00.000Z',
    netLoss: 1000,
    isReceived: over.isReceived ?? false,
  },
  refundAmount: 50,
  refundSuccess: 0,
  refundFail: 0,
  ...over,
});

describe('refund receive button', () => {
  it('is enabled with an amount to receive', () => {
    expect(refundBlock(check())).toBeNull();
  });

  it('is blocked by an active bonus before anything else (docs/spec.md §4)', () => {
    expect(refundBlock(check({ bonus: true, result: false }))).toBe('bonus');
  });

  it('is blocked once received, and when there is nothing to receive', () => {
    expect(refundBlock(check({ isReceived: true, result: false }))).toBe('received');
    expect(refundBlock(check({ result: false, refundAmount: 0 }))).toBe('nothing');
    expect(refundBlock(check({ refundAmount: 0 }))).toBe('nothing');
  });
});

describe('week shown', () => {
  it('ends on the Sunday before the next Monday 00:00 in Bangkok', () => {
    expect(formatDate(check().info.weekStart)).toBe('16/11/2026');
    expect(formatDate(weekLastDay(check().info.weekEnd))).toBe('22/11/2026');
  });
});
