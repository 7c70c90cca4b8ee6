import { IDEMPOTENCY_HEADER } from '@mekong/contracts/constants';
import { spinwheelActive, spinwheelCouponClaim, spinwheelCoupons, spinwheelSetup, spinwheelSpin } from '@mekong/contracts/spinwheel';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { afterMoneyMoved } from '@/lib/member-queries';
import { liveQuery } from '@/lib/promo-api';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/spinwheel/setup: the wheel, the member's coins and the commitment of the next spin. */
export const spinwheelSetupQuery = liveQuery(queryKeys.spinwheelSetup, spinwheelSetup);

export const couponsQuery = liveQuery(queryKeys.spinwheelCoupons, spinwheelCoupons);

/** A fresh client seed: the member's own share of the outcome (docs/decisions/0013-promotions.md, prize wheel). */
export function newClientSeed(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** POST /api/spinwheel/spin: one coin spent, the server chooses the slice. */
export function spin(clientSeed: string, idempotencyKey: string) {
  return apiCall(spinwheelSpin, { body: { clientSeed }, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });
}

/** POST /api/spinwheel/coupon/claim: a cash prize to the wallet, or the slice's bonus started. */
export function claimCoupon(coupon: string, idempotencyKey: string) {
  return apiCall(spinwheelCouponClaim, { body: { coupon }, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });
}

/** The wheel reloads (docs/spec.md §4): setup, coupons, and the coin count the drawer shows. */
export async function reloadWheel(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.spinwheel }),
    queryClient.invalidateQueries({ queryKey: queryKeys.profile }),
  ]);
}

export async function afterCouponClaimed(queryClient: QueryClient): Promise<void> {
  await Promise.all([afterMoneyMoved(queryClient), reloadWheel(queryClient)]);
}

/** GET /api/spinwheel/active: whether the action drawer shows the spin tile (docs/spec.md §2). */
export const spinwheelActiveQuery = queryOptions({
  queryKey: queryKeys.spinwheelActive,
  queryFn: ({ signal }) => apiCall(spinwheelActive, { signal, isQuiet: true }),
  staleTime: 60_000,
});
