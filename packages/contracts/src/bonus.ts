import { z } from 'zod';
import { memberCall } from './contract.ts';
import { localizedTextSchema, textSchema } from './fields.ts';

/**
 * Bonuses and promotion codes (docs/spec.md §3 Bonus, Promotion; §7 Bonus and promotion; docs/design.md#promotions).
 * A promotion is a bonus that is not listed and is found by its code.
 */

export const BONUS_TYPES = ['limit', 'day', 'week'] as const;
export type BonusType = (typeof BONUS_TYPES)[number];

/** How the bonus amount is reckoned: a percent of the qualifying deposit (with a cap), or a fixed credit. */
export const BONUS_AMOUNT_KINDS = ['percent', 'fixed'] as const;
export type BonusAmountKind = (typeof BONUS_AMOUNT_KINDS)[number];

/** The release condition: the total balance reaches N × (deposit + bonus), or weighted valid bets reach it. */
export const BONUS_CONDITION_KINDS = ['credit', 'turnover'] as const;
export type BonusConditionKind = (typeof BONUS_CONDITION_KINDS)[number];

export const MEMBER_BONUS_STATUSES = ['active', 'completed', 'lost', 'cancelled', 'expired'] as const;
export type MemberBonusStatus = (typeof MEMBER_BONUS_STATUSES)[number];

const localizedSchema = localizedTextSchema;
export type Localized = z.infer<typeof localizedSchema>;

/** A banner: its picture and the text under it in each language (every visible string in th, la and en). */
export const bannerSchema = z.object({ image: z.string(), html: localizedTextSchema });
export type Banner = z.infer<typeof bannerSchema>;

/** GET of a promotion screen's banners (invite, refund). */
export const bannersCall = (path: string) => memberCall('GET', path, { response: z.object({ banners: z.array(bannerSchema) }) });

export const userBonusSchema = z.object({
  _id: z.string(),
  isActive: z.boolean(),
  /** Each receipt of this bonus by the member; the client counts them per type (spec §4). */
  received: z.array(z.object({ updatedAt: z.string() })),
});
export type UserBonus = z.infer<typeof userBonusSchema>;

/** The terms a listed bonus and a promotion code both publish (docs/spec.md §3 Bonus, Promotion). */
const bonusTermsSchema = z.object({
  code: z.string(),
  name: localizedSchema,
  description: localizedSchema,
  percentFail: z.number(),
  banners: z.array(bannerSchema),
  amountKind: z.enum(BONUS_AMOUNT_KINDS),
  /** Percent of the deposit (amountKind percent), else null. */
  percent: z.number().nullable(),
  /** The bonus credited: the cap of a percent bonus, or the fixed credit. */
  maxBonus: z.number(),
  minDeposit: z.number(),
  /** The most a withdrawal under this bonus pays; null: no cap. */
  withdrawCap: z.number().nullable(),
  conditionKind: z.enum(BONUS_CONDITION_KINDS),
  /** N of the release condition. */
  multiplier: z.number(),
});

export const bonusSchema = bonusTermsSchema.extend({
  type: z.enum(BONUS_TYPES),
  maxReceived: z.number().int(),
  /** Turnover weight per game category in percent (conditionKind turnover). */
  categoryWeights: z.record(z.string(), z.number()),
  /** Days an active bonus lasts before it expires. */
  validDays: z.number().int(),
  userBonus: userBonusSchema.nullable(),
});
export type Bonus = z.infer<typeof bonusSchema>;

/** Where the member stands on the active bonus's release condition (what players ask most). */
export const bonusProgressSchema = z.object({
  conditionKind: z.enum(BONUS_CONDITION_KINDS),
  /** Amount to reach: the total balance (credit) or the weighted turnover. */
  target: z.number(),
  /** Reached so far. */
  current: z.number(),
  /** 0–100, floor. */
  percent: z.number(),
  isMet: z.boolean(),
  /** Deposit + bonus when it started. */
  startAmount: z.number(),
  /** Below this total the bonus ends by itself (percentFail % of startAmount). */
  failBelow: z.number(),
  withdrawCap: z.number().nullable(),
});
export type BonusProgress = z.infer<typeof bonusProgressSchema>;

export const memberBonusSchema = z.object({
  _id: z.string(),
  code: z.string(),
  name: localizedSchema,
  type: z.enum(BONUS_TYPES),
  status: z.enum(MEMBER_BONUS_STATUSES),
  isPromotion: z.boolean(),
  depositAmount: z.number(),
  bonusAmount: z.number(),
  percentFail: z.number(),
  createdAt: z.string(),
  expiresAt: z.string(),
  endedAt: z.string().nullable(),
  progress: bonusProgressSchema,
});
export type MemberBonus = z.infer<typeof memberBonusSchema>;

/** A bonus or promotion code in a path: trimmed, upper-cased (spec §5), bounded. */
export const bonusCodeParamsSchema = z.strictObject({
  code: textSchema('NO_PROMOTION')
    .trim()
    .min(1, { error: 'NO_PROMOTION' })
    .max(40, { error: 'NO_PROMOTION' })
    .transform((s) => s.toUpperCase()),
});

export const bonusList = memberCall('GET', '/api/bonus', {
  response: z.object({ bonuses: z.array(bonusSchema) }),
});

const activationResponse = z.object({ message: z.literal('SUCCESS'), userBonus: memberBonusSchema });

export const bonusActivate = memberCall('GET', '/api/bonus/activate/:code', {
  params: bonusCodeParamsSchema,
  response: activationResponse,
});

export const bonusCheckActive = memberCall('GET', '/api/bonus/check/active', {
  response: z.object({
    status: z.boolean(),
    type: z.enum(BONUS_TYPES).nullable(),
    bonus: memberBonusSchema.nullable(),
    /**
     * What a withdrawal may ask now under the active bonus (issue 28): 0 until the condition is met, then exactly
     * cash + games, the only amount the server takes. Null without a bonus. Optional: answers before issue 28 lack it.
     */
    withdrawable: z.number().nullable().optional(),
  }),
});

/**
 * Before receiving a bonus (issue 28): what the server would do now, by the same checks and arithmetic as the
 * activation. A refusal answers the activation's error code (BONUS_NO_DEPOSIT, …).
 */
export const bonusPreviewSchema = z.object({
  code: z.string(),
  /** The bonus credited. */
  bonusAmount: z.number(),
  /** The qualifying deposit it counts (0 when the bonus needs none). */
  depositAmount: z.number(),
  startAmount: z.number(),
  conditionKind: z.enum(BONUS_CONDITION_KINDS),
  /** The total (credit) or weighted bets (turnover) to reach before any withdrawal. */
  target: z.number(),
  /** The member's own money (cash + games) that cannot be withdrawn until the target is reached. */
  lockedAmount: z.number(),
  /** Below this total the bonus ends by itself. */
  failBelow: z.number(),
  withdrawCap: z.number().nullable(),
  validDays: z.number().int(),
});
export type BonusPreview = z.infer<typeof bonusPreviewSchema>;

export const bonusPreview = memberCall('GET', '/api/bonus/preview/:code', {
  params: bonusCodeParamsSchema,
  response: z.object({ preview: bonusPreviewSchema }),
});

/**
 * Before a cancel (issue 28): what a cancel now forfeits (the cancel's own formula on the posted balances), where that
 * money is (each game in full, the bonus wallet, the main wallet), and what it would forfeit with the games' money
 * brought back to the main wallet first.
 */
export const bonusClearPreviewSchema = z.object({
  forfeit: z.number(),
  games: z.array(z.object({ provider: z.string(), amount: z.number() })),
  bonusWallet: z.number(),
  wallet: z.number(),
  /** What the member keeps after the cancel. */
  kept: z.number(),
  /** The forfeit of a cancel after every game's money is back in the main wallet. */
  forfeitAfterGamesBack: z.number(),
});
export type BonusClearPreview = z.infer<typeof bonusClearPreviewSchema>;

export const bonusClearPreview = memberCall('GET', '/api/bonus/clear/preview', {
  response: bonusClearPreviewSchema,
});

/** The smallest qualifying deposit of the bonuses open to the member, and the member's qualifying deposit. */
export const bonusCheckMinimum = memberCall('GET', '/api/bonus/check/minimum', {
  response: z.object({
    minimum: z.number().nullable(),
    deposit: z.number().nullable(),
    isEnough: z.boolean(),
  }),
});

export const bonusClear = memberCall('GET', '/api/bonus/clear', {
  response: z.object({ message: z.literal('BONUS_CLEAR'), forfeited: z.number() }),
});

export const promotionSchema = bonusTermsSchema.extend({ isReceived: z.boolean() });
export type Promotion = z.infer<typeof promotionSchema>;

/** The member's active bonus when it came from a promotion code. */
export const promotionCurrent = memberCall('GET', '/api/promotion/current', {
  response: z.object({ promotion: promotionSchema.nullable(), userBonus: memberBonusSchema.nullable() }),
});

export const promotionFind = memberCall('GET', '/api/promotion/find/:code', {
  params: bonusCodeParamsSchema,
  response: z.object({ promotion: promotionSchema }),
});

/** A promotion code's preview before it is activated (issue 28), as bonusPreview. */
export const promotionPreview = memberCall('GET', '/api/promotion/preview/:code', {
  params: bonusCodeParamsSchema,
  response: z.object({ preview: bonusPreviewSchema }),
});

export const promotionActivate = memberCall('GET', '/api/promotion/activate/:code', {
  params: bonusCodeParamsSchema,
  response: activationResponse,
});
