import { z } from 'zod';
import { textSchema, wholeNumberSchema } from '../fields.ts';
import { PRIZE_KINDS } from '../spinwheel.ts';
import {
  bannersOut,
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
import { promotionCallsOf } from './promotions.ts';

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
    weight: wholeNumberSchema('WHEEL_WEIGHT_INVALID', 1, 1_000_000),
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

const wheel = promotionCallsOf('/api/admin/promotions/wheel', adminWheelAnswerSchema);

/** The wheel being edited: the active one, else the newest. */
export const adminWheelGetContract = wheel.get;

/** Saves the wheel's slices (creates the wheel when there is none); a slice left out is taken off the wheel. */
export const adminWheelSaveContract = wheel.change('PUT', '', wheelSaveBodySchema);
export const adminWheelActivateContract = wheel.change('POST', '/activate');
export const adminWheelDeactivateContract = wheel.change('POST', '/deactivate');

export const coinRuleBodySchema = z.strictObject({
  coinPriceMinor: minor('PROMO_AMOUNT_INVALID').min(1, { error: 'PROMO_AMOUNT_INVALID' }),
});

export const adminCoinRuleContract = wheel.change('PUT', '/coins', coinRuleBodySchema);

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
    banners: bannersOut,
  }),
  invite: z.object({
    enabled: z.boolean(),
    percent: z.number(),
    banners: bannersOut,
  }),
});
export type PromotionRates = z.infer<typeof promotionRatesSchema>;

/** Saving one rate answers both. */
const rates = promotionCallsOf('/api/admin/promotions/rates', promotionRatesSchema);

export const adminRatesGetContract = rates.get;
export const adminRefundRateContract = rates.change('PUT', '/refund', refundRateBodySchema);
export const adminInviteRateContract = rates.change('PUT', '/invite', inviteRateBodySchema);
