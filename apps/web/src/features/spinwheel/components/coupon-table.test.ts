import type { Coupon } from '@mekong/contracts/spinwheel';
import { describe, expect, it } from 'vitest';
import { isClaimable } from '@/features/spinwheel/components/coupon-table';

const coupon = (over: Partial<Coupon>): Coupon => ({
  _id: 'C1',
  coupon: 'CP1',
  prize: { name: '฿5', slice: 'CASH5' },
  prizeKind: 'cash',
  amount: 5,
  status: 'claimable',
  createdAt: '2026-11-24T03:00:00.000Z',
  expiresAt: '2026-12-01T03:00:00.000Z',
  claimedAt: null,
  turnover: 0,
  ...over,
});

describe('claim button', () => {
  const now = Date.parse('2026-11-25T00:00:00.000Z');

  it('shows for a claimable coupon within its time', () => {
    expect(isClaimable(coupon({}), now)).toBe(true);
  });

  it('hides for a claimed or expired coupon, and once its time ran out on the phone too', () => {
    expect(isClaimable(coupon({ status: 'claimed' }), now)).toBe(false);
    expect(isClaimable(coupon({ status: 'expired' }), now)).toBe(false);
    expect(isClaimable(coupon({ expiresAt: '2026-11-24T23:59:59.000Z' }), now)).toBe(false);
  });
});
