import { z } from 'zod';
import type { HttpMethod } from '../contract.ts';
import { BONUS_AMOUNT_KINDS, BONUS_CONDITION_KINDS, BONUS_TYPES } from '../bonus.ts';
import { textSchema } from '../fields.ts';
import { GAME_CATEGORIES } from '../wallet.ts';
import { adminCall, filterTextSchema } from './admin-contract.ts';
import { memberSummarySchema } from './members.ts';
import {
  bannersOut,
  bannersSchema,
  count,
  line,
  localized,
  localizedOut,
  minor,
  percent,
  promoCodeSchema,
} from './promotion-fields.ts';

/**
 * Promotions in the back office (docs/back-office/promotions.md): bonuses and promotion codes with their lifecycle
 * and a preview, the prize wheel and its coin rule, the refund and invite rates. Amounts are integer minor units
 * (satang, kip); percents and the multiplier keep two decimals. Reads need settings.read, changes settings.promotions.
 */

/**
 * The calls on one promotion setting at `path` (here and in promotions-wheel.ts): reading it and changing it or a
 * step of it (`path/publish`). Each answers the setting as it now stands.
 */
export function promotionCallsOf<
  TResponse extends z.ZodType,
  TParams extends z.ZodType | undefined = undefined,
>(path: `/api/admin/promotions/${string}`, response: TResponse, params?: TParams) {
  return {
    get: adminCall('GET', path, { params, response, permission: 'settings.read' }),
    change: <TBody extends z.ZodType | undefined = undefined>(
      method: HttpMethod,
      step: `/${string}` | '',
      body?: TBody,
    ) =>
      adminCall(method, `${path}${step}`, {
        params,
        body,
        response,
        permission: 'settings.promotions',
      }),
  };
}

export const BONUS_STATUSES = ['draft', 'published', 'retired'] as const;
export type BonusStatus = (typeof BONUS_STATUSES)[number];

const isGameCategory = (key: string) => (GAME_CATEGORIES as readonly string[]).includes(key);

const categoryWeightsSchema = z
  .record(textSchema('PROMO_WEIGHTS_INVALID'), percent('PROMO_WEIGHTS_INVALID', 1000), {
    error: 'PROMO_WEIGHTS_INVALID',
  })
  .refine((weights) => Object.keys(weights).every(isGameCategory), {
    error: 'PROMO_WEIGHTS_INVALID',
  });

/** The editable terms of a bonus (all but its code). */
const bonusFields = z.strictObject({
  isPromotion: z.boolean({ error: 'INVALID_REQUEST' }),
  name: localized(line('PROMO_TEXT_REQUIRED', 100), 'PROMO_TEXT_REQUIRED'),
  description: localized(line('PROMO_TEXT_REQUIRED', 1000), 'PROMO_TEXT_REQUIRED'),
  type: z.enum(BONUS_TYPES, { error: 'INVALID_REQUEST' }),
  maxReceived: count(1, 1000),
  amountKind: z.enum(BONUS_AMOUNT_KINDS, { error: 'INVALID_REQUEST' }),
  /** Percent of the deposit (amountKind percent); null for a fixed credit. */
  percent: percent('PROMO_PERCENT_INVALID', 1000).nullable(),
  /** The cap of a percent bonus, or the fixed credit. */
  maxBonusMinor: minor('PROMO_AMOUNT_INVALID').min(1, { error: 'PROMO_AMOUNT_INVALID' }),
  minDepositMinor: minor('PROMO_AMOUNT_INVALID'),
  /** The most a withdrawal under the bonus pays; null: no cap. */
  withdrawCapMinor: minor('PROMO_AMOUNT_INVALID')
    .min(1, { error: 'PROMO_AMOUNT_INVALID' })
    .nullable(),
  /** Below this percent of the start amount the bonus is lost. */
  percentFail: percent('PROMO_PERCENT_INVALID'),
  conditionKind: z.enum(BONUS_CONDITION_KINDS, { error: 'INVALID_REQUEST' }),
  multiplier: percent('PROMO_MULTIPLIER_INVALID', 1000),
  /** Turnover weight per game category in percent (a category left out counts 0). */
  categoryWeights: categoryWeightsSchema,
  validDays: count(1, 365),
  /** Receipts across all members; null: no quota. */
  quota: count(1, 100_000_000).nullable(),
  sortOrder: count(0, 100_000),
  banners: bannersSchema,
});

type BonusFields = z.output<typeof bonusFields>;

/** Rules across fields, each with the code of the field the form shows it under. */
function checkBonus(bonus: BonusFields, ctx: z.RefinementCtx) {
  if (bonus.amountKind === 'percent' && (bonus.percent === null || bonus.percent <= 0))
    ctx.addIssue({ code: 'custom', path: ['percent'], message: 'PROMO_PERCENT_INVALID' });
  if (bonus.amountKind === 'fixed' && bonus.percent !== null)
    ctx.addIssue({ code: 'custom', path: ['percent'], message: 'PROMO_PERCENT_INVALID' });
  if (
    bonus.conditionKind === 'turnover' &&
    !Object.values(bonus.categoryWeights).some((weight) => weight !== undefined && weight > 0)
  )
    ctx.addIssue({ code: 'custom', path: ['categoryWeights'], message: 'PROMO_WEIGHTS_INVALID' });
}

export const bonusUpdateBodySchema = bonusFields.superRefine(checkBonus);
export type BonusUpdateBody = z.input<typeof bonusUpdateBodySchema>;

export const bonusCreateBodySchema = bonusFields
  .extend({ code: promoCodeSchema })
  .superRefine(checkBonus);
export type BonusCreateBody = z.input<typeof bonusCreateBodySchema>;

export const adminBonusSchema = z.object({
  code: z.string(),
  status: z.enum(BONUS_STATUSES),
  isPromotion: z.boolean(),
  name: localizedOut,
  description: localizedOut,
  type: z.enum(BONUS_TYPES),
  maxReceived: z.number().int(),
  amountKind: z.enum(BONUS_AMOUNT_KINDS),
  percent: z.number().nullable(),
  maxBonusMinor: z.number().int(),
  minDepositMinor: z.number().int(),
  withdrawCapMinor: z.number().int().nullable(),
  percentFail: z.number(),
  conditionKind: z.enum(BONUS_CONDITION_KINDS),
  multiplier: z.number(),
  categoryWeights: z.record(z.string(), z.number()),
  validDays: z.number().int(),
  quota: z.number().int().nullable(),
  quotaUsed: z.number().int(),
  sortOrder: z.number().int(),
  banners: bannersOut,
  /** Member bonuses of it running now, and receipts ever. */
  activeCount: z.number().int(),
  receivedCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminBonus = z.infer<typeof adminBonusSchema>;

export const bonusCodeParams = z.object({ code: promoCodeSchema });

export const bonusListBodySchema = z.strictObject({
  status: z.enum(BONUS_STATUSES, { error: 'INVALID_REQUEST' }).optional(),
  kind: z.enum(['bonus', 'promotion'], { error: 'INVALID_REQUEST' }).optional(),
  search: filterTextSchema,
});

export const adminBonusListContract = adminCall('POST', '/api/admin/promotions/bonuses/list', {
  body: bonusListBodySchema,
  response: z.object({ rows: z.array(adminBonusSchema) }),
  permission: 'settings.read',
});

const bonus = promotionCallsOf(
  '/api/admin/promotions/bonuses/:code',
  adminBonusSchema,
  bonusCodeParams,
);

export const adminBonusGetContract = bonus.get;

/** A new bonus starts as a draft. */
export const adminBonusCreateContract = adminCall('POST', '/api/admin/promotions/bonuses', {
  body: bonusCreateBodySchema,
  response: adminBonusSchema,
  permission: 'settings.promotions',
});

/**
 * Once published, the terms a running member bonus is measured by (kind, release condition, multiplier, category
 * weights, percentFail, withdrawal cap) are fixed: BONUS_TERMS_LOCKED. Texts, banners, amounts and limits stay editable.
 */
export const adminBonusUpdateContract = bonus.change('PUT', '', bonusUpdateBodySchema);

/** draft or retired → published; anything else BONUS_STATUS_INVALID. */
export const adminBonusPublishContract = bonus.change('POST', '/publish');

/** published → retired: no new receipts; member bonuses running go on. */
export const adminBonusRetireContract = bonus.change('POST', '/retire');

export const bonusPreviewBodySchema = z.strictObject({
  /** The member's phone, public id or id. */
  member: line('NO_USER', 64),
  /** A deposit to imagine made now (minor units); absent: the member's real qualifying deposit. */
  depositMinor: minor('PROMO_AMOUNT_INVALID').min(1, { error: 'PROMO_AMOUNT_INVALID' }).optional(),
});
export type BonusPreviewBody = z.input<typeof bonusPreviewBodySchema>;

export const bonusPreviewSchema = z.object({
  /** Who it was previewed for, as the member list shows them. */
  member: memberSummarySchema.pick({
    id: true,
    publicId: true,
    name: true,
    phone: true,
    currency: true,
  }),
  bonusStatus: z.enum(BONUS_STATUSES),
  /** The member would receive it now (a draft is previewed as if published). */
  isReceivable: z.boolean(),
  /** Why not: the code activation would answer (BONUS_FULL, BONUS_MINIMUM_DEPOSIT, …); null when receivable. */
  refusal: z.string().nullable(),
  depositMinor: z.number().int(),
  bonusMinor: z.number().int(),
  startMinor: z.number().int(),
  /** multiplier × start amount: the balance (credit) or weighted turnover to reach. */
  releaseTargetMinor: z.number().int(),
  failBelowMinor: z.number().int(),
  withdrawCapMinor: z.number().int().nullable(),
  expiresAt: z.string().nullable(),
});
export type BonusPreview = z.infer<typeof bonusPreviewSchema>;

/** What activating the bonus would give the member now; changes nothing. */
export const adminBonusPreviewContract = adminCall(
  'POST',
  '/api/admin/promotions/bonuses/:code/preview',
  {
    params: bonusCodeParams,
    body: bonusPreviewBodySchema,
    response: bonusPreviewSchema,
    permission: 'settings.read',
  },
);
