import { z } from 'zod';
import { bannerSchema } from '@mekong/contracts/bonus';
import { CHAT_AGENT_LIMIT_DEFAULT } from '@mekong/contracts/admin/settings';
import { localizedTextSchema } from '@mekong/contracts/fields';
import { QR_PROVIDERS } from '@mekong/contracts/constants';
import { lookupHowto } from '@mekong/contracts/lookup';

const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);

/** Every operator setting (docs/design.md#operator-settings), stored as jsonb under its key and checked on the way out. */
export const settingSchemas = {
  brand: z.object({
    name: z.string().min(1),
    website: z.string(),
    logoUrl: z.string().nullable(),
    primaryColor: z.string(),
    accentColor: z.string(),
  }),
  contact: z.object({
    text: localizedTextSchema,
    lineId: z.string(),
    lineUrl: z.string(),
    lineQr: z.string(),
  }),
  conditions: z.object({ title: localizedTextSchema, html: localizedTextSchema }),
  agreement: z.object({
    version: z.string().min(1),
    title: localizedTextSchema,
    html: localizedTextSchema,
  }),
  notice: z.object({ text: localizedTextSchema.nullable() }),
  /** The how-to page's five videos per language (docs/decisions/0020-howto-videos.md); url '' for one not set. */
  howto: lookupHowto.response,
  deposit: z.object({ isManual: z.boolean() }),
  /** QR gateways in maintenance: they make no new QR (docs/decisions/0022-one-qr-button.md); their notices still credit. */
  qrGateways: z.object({ maintenance: z.array(z.enum(QR_PROVIDERS)) }),
  /** Amounts in minor units (satang), docs/design.md#money. */
  withdraw: z
    .object({ minMinor: z.number().int().positive(), maxMinor: z.number().int().positive() })
    .refine((w) => w.minMinor <= w.maxMinor, 'withdraw min above max'),
  /**
   * docs/design.md#withdrawals limits per member and calendar day in the players' time zone (minor units), and the largest
   * withdrawal paid out at once; above it a withdrawal waits for an operator's approval.
   */
  withdrawLimits: z.object({
    dailyCount: z.number().int().positive(),
    dailyAmountMinor: z.number().int().positive(),
    autoPayoutMaxMinor: z.number().int().nonnegative(),
  }),
  /** Daily closed window for slip uploads, times of day in the players' time zone; both null = always open. */
  slip: z.object({ closedFrom: timeOfDay.nullable(), closedTo: timeOfDay.nullable() }),
  registerOtp: z.object({ enabled: z.boolean() }),
  chatWidget: z.object({ enabled: z.boolean() }),
  /** The support chat: unresolved conversations one agent may hold (docs/decisions/0015-support-chat.md#agents). */
  chat: z.object({ agentLimit: z.number().int().min(1).max(100) }),
  service: z.object({ terminated: z.boolean() }),
  /** Refund of losses (docs/decisions/0013-promotions.md): percent of last week's net loss, amounts in minor units. */
  refund: z.object({
    enabled: z.boolean(),
    percent: z.number().min(0).max(100),
    minimumMinor: z.number().int().nonnegative(),
    maximumMinor: z.number().int().positive().nullable(),
    banners: z.array(bannerSchema),
  }),
  /** Invite commission: percent of each invitee deposit. */
  invite: z.object({
    enabled: z.boolean(),
    percent: z.number().min(0).max(100),
    banners: z.array(bannerSchema),
  }),
  /** Prize-wheel coins: one coin per this many minor units of a deposit. */
  spinCoins: z.object({ coinPriceMinor: z.number().int().positive() }),
  /**
   * Promotions earned by play (docs/decisions/0013-promotions.md#earned-by-play): the stakes a deposit needs before its
   * coins and invite commission arrive and a cash prize's turnover before it can be withdrawn (× amount, 0 = none),
   * and whether invites sharing an address, a browser or a bank-account name with the inviter wait for review.
   */
  promotionGuards: z.object({
    depositPlayMultiplier: z.number().min(0).max(100),
    prizeTurnoverMultiplier: z.number().min(0).max(100),
    isSharedInviteHeld: z.boolean(),
  }),
  /** Back-office sign-in (docs/decisions/0014-back-office.md#sessions): allowed addresses (empty: any), session limits. */
  adminAccess: z.object({
    ipAllowlist: z.array(z.string()),
    idleMinutes: z.number().int().min(5).max(240),
    absoluteHours: z.number().int().min(1).max(24),
  }),
  /**
   * Money decisions (docs/decisions/0014-back-office.md#maker-checker): above secondApprovalAboveMinor a second operator
   * confirms; a manual adjustment above a role's limit is refused (minor units).
   */
  approvals: z.object({
    secondApprovalAboveMinor: z.number().int().nonnegative(),
    adjustLimitMinor: z.object({
      owner: z.number().int().nonnegative(),
      finance: z.number().int().nonnegative(),
    }),
  }),
} as const;

export type SettingKey = keyof typeof settingSchemas;
export type SettingValue<K extends SettingKey> = z.output<(typeof settingSchemas)[K]>;

const noVideo = { url: '', posterUrl: '' };
const noHowtoVideos = {
  wallet: noVideo,
  play: noVideo,
  balance: noVideo,
  bonus: noVideo,
  bonusCancel: noVideo,
};

/** What a switch means when the operator never set it. Content settings have no default: their lookup answers NO_DATA. */
export const settingDefaults: { [K in SettingKey]?: SettingValue<K> } = {
  notice: { text: null },
  howto: { videos: { th: noHowtoVideos, la: noHowtoVideos, en: noHowtoVideos } },
  deposit: { isManual: false },
  qrGateways: { maintenance: [] },
  slip: { closedFrom: null, closedTo: null },
  registerOtp: { enabled: true },
  chatWidget: { enabled: false },
  chat: { agentLimit: CHAT_AGENT_LIMIT_DEFAULT },
  service: { terminated: false },
  refund: { enabled: false, percent: 0, minimumMinor: 0, maximumMinor: null, banners: [] },
  invite: { enabled: false, percent: 0, banners: [] },
  spinCoins: { coinPriceMinor: 100_00 },
  promotionGuards: {
    depositPlayMultiplier: 1,
    prizeTurnoverMultiplier: 1,
    isSharedInviteHeld: true,
  },
  withdrawLimits: { dailyCount: 5, dailyAmountMinor: 200_000_00, autoPayoutMaxMinor: 20_000_00 },
  adminAccess: { ipAllowlist: [], idleMinutes: 30, absoluteHours: 12 },
  approvals: {
    secondApprovalAboveMinor: 50_000_00,
    adjustLimitMinor: { owner: 100_000_00, finance: 10_000_00 },
  },
};
