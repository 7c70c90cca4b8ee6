import type { QrProvider } from '@mekong/contracts/constants';

/** Everything cached for the signed-in member lives under this key, so signing out can drop it in one go. */
export const MEMBER_KEY = 'member';

/**
 * Every query key of the app. Keys live here, not in the feature that reads them, so one feature can refresh what
 * another shows without importing it (docs/decisions/0008-web-boundaries.md).
 */
export const queryKeys = {
  member: [MEMBER_KEY],
  profile: [MEMBER_KEY, 'profile'],
  wallet: [MEMBER_KEY, 'wallet'],
  /** Money waiting for an operator: under the wallet's key, so whatever reads the wallet again reads it too. */
  waiting: [MEMBER_KEY, 'wallet', 'waiting'],
  withdrawCheck: (amount: number) => [MEMBER_KEY, 'wallet', 'withdraw-check', amount] as const,
  /** The member's acceptance of the operator's agreement. */
  agreementStatus: [MEMBER_KEY, 'agreement'],
  /** Statement pages and the slip list below it: both change when money moves. */
  statement: [MEMBER_KEY, 'statement'],
  slips: [MEMBER_KEY, 'statement', 'slips'],
  qr: (provider: QrProvider) => [MEMBER_KEY, 'deposit', 'qr', provider] as const,
  depositOptions: [MEMBER_KEY, 'deposit', 'options'],
  slotAccount: (code: string) => [MEMBER_KEY, 'slot-account', code] as const,
  /** Promotions of docs/spec.md §3: invitees, refund check and log, the prize wheel and its coupons. */
  invite: [MEMBER_KEY, 'invite'],
  invitePage: (page: number) => [MEMBER_KEY, 'invite', 'page', page] as const,
  inviteBanners: [MEMBER_KEY, 'invite', 'banners'],
  refund: [MEMBER_KEY, 'refund'],
  refundCheck: [MEMBER_KEY, 'refund', 'check'],
  refundLog: (page: number) => [MEMBER_KEY, 'refund', 'log', page] as const,
  refundBanners: [MEMBER_KEY, 'refund', 'banners'],
  spinwheel: [MEMBER_KEY, 'spinwheel'],
  spinwheelSetup: [MEMBER_KEY, 'spinwheel', 'setup'],
  spinwheelCoupons: [MEMBER_KEY, 'spinwheel', 'coupons'],
  spinwheelActive: [MEMBER_KEY, 'spinwheel-active'],
  lookup: (name: string) => ['lookup', name] as const,
  /** The bonus list and the active bonus: both change when a bonus is received, cancelled or ends by a withdrawal. */
  bonus: [MEMBER_KEY, 'bonus'],
  bonusList: [MEMBER_KEY, 'bonus', 'list'],
  activeBonus: [MEMBER_KEY, 'bonus', 'active'],
  promotion: (code: string) => [MEMBER_KEY, 'bonus', 'promotion', code] as const,
  /** What receiving a bonus or cancelling the active one would do now (issue 28): read again whenever money moves. */
  bonusPreview: (code: string) => [MEMBER_KEY, 'bonus', 'preview', code] as const,
  bonusClearPreview: [MEMBER_KEY, 'bonus', 'clear-preview'],
} as const;
