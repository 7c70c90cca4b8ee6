import type { FastifyInstance } from 'fastify';
import { toMajor } from '@mekong/contracts/money';
import {
  spinwheelActive,
  spinwheelCouponClaim,
  spinwheelCoupons,
  spinwheelSetup,
  spinwheelSpin,
  type Coupon,
  type Slice,
} from '@mekong/contracts/spinwheel';
import { contractRoute, type ApiRouteTable } from '@/lib/contract-route.ts';
import type {
  CouponView,
  SpinSlice,
  SpinwheelService,
} from '@/modules/spinwheel/spinwheel.service.ts';
import { sliceTexts } from '@/modules/spinwheel/spinwheel-admin.service.ts';
import { sessionOf } from '@/plugins/sessions.ts';

// Amounts leave the server in baht here (docs/design.md#amounts).

/** A slice with its published odds: weight and weight / sum of weights. */
function sliceAnswer(slice: SpinSlice, weightSum: number): Slice {
  return {
    code: slice.code,
    label: slice.label,
    bgColor: slice.bgColor,
    textColor: slice.textColor,
    htmlDescription: {
      th: slice.htmlDescriptionTh,
      la: slice.htmlDescriptionLa,
      en: slice.htmlDescriptionEn,
    },
    prizeKind: slice.prizeKind,
    amount: toMajor(slice.amountMinor),
    weight: slice.weight,
    probability: slice.weight / weightSum,
    labels: sliceTexts(slice).label,
  };
}

function couponAnswer(coupon: CouponView): Coupon {
  return {
    _id: coupon.id,
    coupon: coupon.code,
    prize: { name: coupon.prizeName, slice: coupon.sliceCode },
    prizeKind: coupon.kind,
    amount: toMajor(coupon.amountMinor),
    status: coupon.shownStatus,
    createdAt: coupon.createdAt.toISOString(),
    expiresAt: coupon.expiresAt.toISOString(),
    claimedAt: coupon.claimedAt?.toISOString() ?? null,
    turnover: toMajor(coupon.turnoverMinor),
  };
}

export function registerSpinwheelRoutes(
  app: FastifyInstance,
  routes: ApiRouteTable,
  spinwheel: SpinwheelService,
) {
  contractRoute(app, routes, {
    contract: spinwheelSetup,
    handler: async ({ request }) => {
      const { wheel, coins, waitingCoins, prizeLock, fairness } = await spinwheel.setup(
        sessionOf(request).memberId,
      );
      const weightSum = wheel?.slices.reduce((sum, s) => sum + s.weight, 0) ?? 0;
      return {
        result: {
          activeSpinwheel: wheel && {
            name: { th: wheel.nameTh, la: wheel.nameLa, en: wheel.nameEn },
            slices: wheel.slices.map((s) => sliceAnswer(s, weightSum)),
          },
          userCoin: coins,
          waitingCoin: waitingCoins,
          prizeLock: {
            amount: toMajor(prizeLock.lockedMinor),
            toPlay: toMajor(prizeLock.toPlayMinor),
          },
          fairness,
        },
      };
    },
  });

  contractRoute(app, routes, {
    contract: spinwheelSpin,
    handler: async ({ body, request }) => {
      const outcome = await spinwheel.spin(sessionOf(request).memberId, body.clientSeed);
      return {
        success: true,
        result: { code: outcome.slice.code, label: outcome.slice.label },
        remainingCoin: outcome.remainingCoins,
        error: null,
        coupon: outcome.coupon && couponAnswer(outcome.coupon),
        fairness: outcome.fairness,
      };
    },
  });

  contractRoute(app, routes, {
    contract: spinwheelCoupons,
    handler: async ({ request }) => {
      const coupons = await spinwheel.coupons(sessionOf(request).memberId);
      return { coupons: coupons.map(couponAnswer) };
    },
  });

  contractRoute(app, routes, {
    contract: spinwheelCouponClaim,
    handler: async ({ body, request }) => {
      const { coupon, transferId } = await spinwheel.claim(
        sessionOf(request).memberId,
        body.coupon,
      );
      return { success: true, error: null, coupon: couponAnswer(coupon), transferId };
    },
  });

  contractRoute(app, routes, {
    contract: spinwheelActive,
    handler: async () => ({ isActive: await spinwheel.isActive() }),
  });
}
