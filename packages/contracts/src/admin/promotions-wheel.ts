import { z } from 'zod';
import { textSchema } from '../fields.ts';
import { PRIZE_KINDS } from '../spinwheel.ts';
import { adminCall } from './admin-contract.ts';
import {
  bannersSchema,
  count,
  html,
  line,
  localized,
  localizedOut,
  minor,
  percent,
  promoCodeSchema,
} from './promotion-fields.ts';

/**
 * The prize wheel and the refund and invite rates in the back office (docs/back-office/promotions.md#wheel, #rates).
 * Amounts are integer minor units; reads need settings.read, changes settings.promotions.
 */

const colorSchema = textSchema('WHEEL_COLOR_INVALID').regex(/^#[0-9A-Fa-f]{6}$/, {
  error: 'WHEEL_COLOR_INVALID',
});

const sliceInputSchema = z
  .strictObject({
    code: promoCodeSchema,
    label: localized(line('PROMO_TEXT_REQUIRED', 24), 'PROMO_TEXT_REQUIRED'),
    description: localized(html('PROMO_TEXT_REQUIRED', 2000), 'PROMO_TEXT_REQUIRED'),
    bgColor: colorSchema,
    textColor: colorSchema,
    prizeKind: z.enum(PRIZE_KINDS, { error: 'WHEEL_PRIZE_INVALID' }),
    amountMinor: minor('WHEEL_PRIZE_INVALID'),
    bonusCode: promoCodeSchema.nullable(),
    weight: z
      .number({ error: 'WHEEL_WEIGHT_INVALID' })
      .int({ error: 'WHEEL_WEIGHT_INVALID' })
      .min(1, { error: 'WHEEL_WEIGHT_INVALID' })
      .max(1_000_000, { error: 'WHEEL_WEIGHT_INVALID' }),
  })
  .superRefine((slice, ctx) => {
    const isValid =
      slice.prizeKind === 'cash'
        ? slice.amountMinor > 0 && slice.bonusCode === null
        : slice.prizeKind === 'bonus'
          ? slice.bonusCode !== null && slice.amountMinor === 0
          : slice.amountMinor === 0 && slice.bonusCode === null;
    if (!isValid)
      ctx.addIssue({ code: 'custom', path: ['prizeKind'], message: 'WHEEL_PRIZE_INVALID' });
  });
export type WheelSliceInput = z.input<typeof sliceInputSchema>;

export const wheelSaveBodySchema = z
  .strictObject({
    /** The operator's unique key of the wheel. */
    name: line('PROMO_TEXT_REQUIRED', 100),
    /** What members see as the wheel's name, per language. */
    title: localized(line('PROMO_TEXT_REQUIRED', 100), 'PROMO_TEXT_REQUIRED'),
    /** Days a won coupon may be claimed. */
    couponDays: count(1, 365),
    slices: z
      .array(sliceInputSchema, { error: 'WHEEL_SLICES_INVALID' })
      .min(2, { error: 'WHEEL_SLICES_INVALID' })
      .max(24, { error: 'WHEEL_SLICES_INVALID' }),
  })
  .superRefine((wheel, ctx) => {
    const codes = wheel.slices.map((s) => s.code);
    if (new Set(codes).size !== codes.length)
      ctx.addIssue({ code: 'custom', path: ['slices'], message: 'WHEEL_SLICES_INVALID' });
  });
export type WheelSaveBody = z.input<typeof wheelSaveBodySchema>;

export const adminSliceSchema = z.object({
  code: z.string(),
  label: localizedOut,
  description: localizedOut,
  bgColor: z.string(),
  textColor: z.string(),
  prizeKind: z.enum(PRIZE_KINDS),
  amountMinor: z.number().int(),
  bonusCode: z.string().nullable(),
  weight: z.number().int(),
  /** weight / sum of weights: the odds members are shown. */
  probability: z.number(),
  /** The same in percent, two decimals. */
  percent: z.number(),
});
export type AdminSlice = z.infer<typeof adminSliceSchema>;

export const adminWheelAnswerSchema = z.object({
  wheel: z
    .object({
      id: z.string(),
      name: z.string(),
      title: localizedOut,
      isActive: z.boolean(),
      couponDays: z.number().int(),
      weightSum: z.number().int(),
      slices: z.array(adminSliceSchema),
    })
    .nullable(),
  /** One coin per this many minor units of a THB deposit. */
  coinPriceMinor: z.number().int(),
});
export type AdminWheelAnswer = z.infer<typeof adminWheelAnswerSchema>;

/** The wheel being edited: the active one, else the newest. */
export const adminWheelGetContract = adminCall('GET', '/api/admin/promotions/wheel', {
  response: adminWheelAnswerSchema,
  permission: 'settings.read',
});

/** Saves the wheel's slices (creates the wheel when there is none); a slice left out is taken off the wheel. */
export const adminWheelSaveContract = adminCall('PUT', '/api/admin/promotions/wheel', {
  body: wheelSaveBodySchema,
  response: adminWheelAnswerSchema,
  permission: 'settings.promotions',
});

export const adminWheelActivateContract = adminCall(
  'POST',
  '/api/admin/promotions/wheel/activate',
  {
    response: adminWheelAnswerSchema,
    permission: 'settings.promotions',
  },
);

export const adminWheelDeactivateContract = adminCall(
  'POST',
  '/api/admin/promotions/wheel/deactivate',
  {
    response: adminWheelAnswerSchema,
    permission: 'settings.promotions',
  },
);

export const coinRuleBodySchema = z.strictObject({
  coinPriceMinor: minor('PROMO_AMOUNT_INVALID').min(1, { error: 'PROMO_AMOUNT_INVALID' }),
});

export const adminCoinRuleContract = adminCall('PUT', '/api/admin/promotions/wheel/coins', {
  body: coinRuleBodySchema,
  response: adminWheelAnswerSchema,
  permission: 'settings.promotions',
});

// Refund of losses and invite commission.

export const refundRateBodySchema = z
  .strictObject({
    enabled: z.boolean({ error: 'INVALID_REQUEST' }),
    percent: percent('PROMO_PERCENT_INVALID'),
    minimumMinor: minor('PROMO_AMOUNT_INVALID'),
    maximumMinor: minor('PROMO_AMOUNT_INVALID')
      .min(1, { error: 'PROMO_AMOUNT_INVALID' })
      .nullable(),
    banners: bannersSchema,
  })
  .superRefine((refund, ctx) => {
    if (refund.maximumMinor !== null && refund.maximumMinor < refund.minimumMinor)
      ctx.addIssue({ code: 'custom', path: ['maximumMinor'], message: 'PROMO_AMOUNT_INVALID' });
  });
export type RefundRateBody = z.input<typeof refundRateBodySchema>;

export const inviteRateBodySchema = z.strictObject({
  enabled: z.boolean({ error: 'INVALID_REQUEST' }),
  percent: percent('PROMO_PERCENT_INVALID'),
  banners: bannersSchema,
});
export type InviteRateBody = z.input<typeof inviteRateBodySchema>;

export const promotionRatesSchema = z.object({
  refund: z.object({
    enabled: z.boolean(),
    percent: z.number(),
    minimumMinor: z.number().int(),
    maximumMinor: z.number().int().nullable(),
    banners: z.array(z.object({ image: z.string(), html: localizedOut })),
  }),
  invite: z.object({
    enabled: z.boolean(),
    percent: z.number(),
    banners: z.array(z.object({ image: z.string(), html: localizedOut })),
  }),
});
export type PromotionRates = z.infer<typeof promotionRatesSchema>;

export const adminRatesGetContract = adminCall('GET', '/api/admin/promotions/rates', {
  response: promotionRatesSchema,
  permission: 'settings.read',
});

export const adminRefundRateContract = adminCall('PUT', '/api/admin/promotions/rates/refund', {
  body: refundRateBodySchema,
  response: promotionRatesSchema,
  permission: 'settings.promotions',
});

export const adminInviteRateContract = adminCall('PUT', '/api/admin/promotions/rates/invite', {
  body: inviteRateBodySchema,
  response: promotionRatesSchema,
  permission: 'settings.promotions',
});
