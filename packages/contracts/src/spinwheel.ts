import { z } from 'zod';
import { memberCall } from './contract.ts';
import { localizedTextSchema, textSchema } from './fields.ts';

/** Prize wheel and coupons (docs/spec.md §3 Spin wheel, Coupon; §7 Spin wheel; docs/design.md#promotions). */

export const WHEEL = {
  canvasPx: 350,
  friction: 0.991,
  minExtraTurns: 2,
  maxExtraTurns: 4,
} as const;

/** What a slice's coupon gives: cash to the wallet, a bonus started by its code, or nothing (a "try again"). */
export const PRIZE_KINDS = ['cash', 'bonus', 'none'] as const;
export type PrizeKind = (typeof PRIZE_KINDS)[number];

export const sliceSchema = z.object({
  code: z.string(),
  label: z.string(),
  bgColor: z.string(),
  textColor: z.string(),
  /** What the prize is, per language (operator html); the label is a figure or a symbol, the same in every language. */
  htmlDescription: localizedTextSchema,
  prizeKind: z.enum(PRIZE_KINDS),
  amount: z.number(),
  /** Published odds: the slice's weight and its probability (weight / sum of weights). */
  weight: z.number().int(),
  probability: z.number(),
  /** The label in every language when the operator wrote one per language (`label` is then the Thai one). */
  labels: localizedTextSchema.optional(),
});
export type Slice = z.infer<typeof sliceSchema>;

/** The server's commitment for the member's next spin (docs/design.md#promotions: provable fairness). */
export const fairnessCommitSchema = z.object({ seedHash: z.string(), nonce: z.number().int() });

export const spinwheelSetup = memberCall('GET', '/api/spinwheel/setup', {
  response: z.object({
    result: z.object({
      activeSpinwheel: z
        .object({ name: localizedTextSchema, slices: z.array(sliceSchema) })
        .nullable(),
      userCoin: z.number().int(),
      /** Coins of deposits not played yet: they arrive once the deposit is played (docs/decisions/0013-promotions.md). */
      waitingCoin: z.number().int(),
      /** Cash prizes that cannot be withdrawn until `toPlay` more is staked. */
      prizeLock: z.object({ amount: z.number(), toPlay: z.number() }),
      fairness: fairnessCommitSchema,
    }),
  }),
});

export const spinBodySchema = z.strictObject({
  /** The member's own seed mixed into the outcome; the client makes one when absent. */
  clientSeed: textSchema('INVALID_REQUEST').max(64, { error: 'INVALID_REQUEST' }).optional(),
});

export const couponSchema = z.object({
  _id: z.string(),
  /** What the member types or the client sends to claim. */
  coupon: z.string(),
  prize: z.object({ name: z.string(), slice: z.string() }),
  prizeKind: z.enum(PRIZE_KINDS),
  amount: z.number(),
  status: z.enum(['claimable', 'claimed', 'expired']),
  createdAt: z.string(),
  expiresAt: z.string(),
  claimedAt: z.string().nullable(),
  /**
   * Baht the member must stake after claiming a cash prize before it can be withdrawn (0: none). Fixed at the claim;
   * before it, what the operator's setting asks today (docs/decisions/0013-promotions.md#earned-by-play).
   */
  turnover: z.number(),
});
export type Coupon = z.infer<typeof couponSchema>;

export const spinwheelSpin = memberCall('POST', '/api/spinwheel/spin', {
  body: spinBodySchema,
  response: z.object({
    success: z.boolean(),
    result: z.object({ code: z.string(), label: z.string() }).nullable(),
    remainingCoin: z.number().int(),
    error: z.string().nullable(),
    coupon: couponSchema.nullable(),
    /** The revealed seed of this spin and the commitment of the next one. */
    fairness: z
      .object({
        serverSeed: z.string(),
        seedHash: z.string(),
        clientSeed: z.string(),
        nonce: z.number().int(),
        nextSeedHash: z.string(),
      })
      .nullable(),
  }),
});

export const spinwheelCoupons = memberCall('GET', '/api/spinwheel/coupon', {
  response: z.object({ coupons: z.array(couponSchema) }),
});

export const couponClaimBodySchema = z.strictObject({
  coupon: textSchema('NO_CLAIMABLE_COUPON')
    .trim()
    .min(1, { error: 'NO_CLAIMABLE_COUPON' })
    .max(64, { error: 'NO_CLAIMABLE_COUPON' }),
});

export const spinwheelCouponClaim = memberCall('POST', '/api/spinwheel/coupon/claim', {
  body: couponClaimBodySchema,
  response: z.object({
    success: z.boolean(),
    error: z.string().nullable(),
    coupon: couponSchema.nullable(),
    transferId: z.string().nullable(),
  }),
});

export const spinwheelActive = memberCall('GET', '/api/spinwheel/active', {
  response: z.object({ isActive: z.boolean() }),
});

/** What a spin reveals: its server seed (checkable against the hash committed before), and the next commitment. */
export type SpinFairness = NonNullable<z.infer<typeof spinwheelSpin.response>['fairness']>;
