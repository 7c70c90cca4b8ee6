import type { LedgerCurrency } from '@mekong/contracts/constants';
import type { ColumnType, Generated } from 'kysely';
import type { Int8, Int8Default, Timestamp } from '@/db/schema/column-types.ts';

/** Promotions (docs/decisions/0013-promotions.md): invite commission, weekly refund, bonuses and the prize wheel. */

/** Commission earned by an inviter (member_id) from one deposit of an invitee; collected when collection_id is set. */
export type InviteAccrualsTable = {
  id: string;
  member_id: string;
  invitee_id: string;
  deposit_transfer_id: string;
  amount: Int8;
  currency: LedgerCurrency;
  collection_id: string | null;
  created_at: Timestamp;
  /** The invitee's deposit this commission is a share of (null on rows written before migration 0038). */
  deposit_amount: ColumnType<
    string | number | null,
    bigint | string | null | undefined,
    bigint | string | null
  >;
  /** When that deposit was found played; the commission is collectable only from then on. */
  played_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
};

export type InviteReviewStatus = 'held' | 'released' | 'refused';

/** An invite sharing an address, a browser or a bank-account name with its inviter, held for an operator. */
export type InviteReviewsTable = {
  invitee_id: string;
  inviter_id: string;
  reasons: ColumnType<unknown, string, string>;
  status: InviteReviewStatus;
  created_at: Timestamp;
  decided_by: ColumnType<string | null, string | null | undefined, string | null>;
  decided_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  note: ColumnType<string | null, string | null | undefined, string | null>;
};

export type InviteCollectionsTable = {
  id: string;
  member_id: string;
  amount: Int8;
  currency: LedgerCurrency;
  transfer_id: string;
  created_at: Timestamp;
};

/** A refund of one week's losses received by a member (week_start: Monday 00:00 Asia/Bangkok). */
export type RefundClaimsTable = {
  id: string;
  member_id: string;
  week_start: Timestamp;
  amount: Int8;
  currency: LedgerCurrency;
  transfer_id: string;
  created_at: Timestamp;
};

/** Bonuses and promotion codes (docs/decisions/0013-promotions.md#bonus); amounts in minor units. */
export type BonusesTable = {
  code: string;
  name_th: string;
  name_la: string;
  name_en: string;
  description_th: string;
  description_la: string;
  description_en: string;
  type: 'limit' | 'day' | 'week';
  max_received: number;
  /** numeric: a string from the driver. */
  percent_fail: ColumnType<string, string | number, string | number>;
  banners: ColumnType<
    { image: string; html: { th: string; la: string; en: string } }[],
    string,
    string
  >;
  amount_kind: 'percent' | 'fixed';
  percent: ColumnType<string | null, string | number | null, string | number | null>;
  max_bonus: Int8;
  min_deposit: Int8;
  withdraw_cap: ColumnType<string | number | null, bigint | string | null, bigint | string | null>;
  condition_kind: 'credit' | 'turnover';
  multiplier: ColumnType<string, string | number, string | number>;
  category_weights: ColumnType<Record<string, number>, string, string>;
  valid_days: number;
  is_promotion: boolean;
  /** draft: invisible to members; published: offered; retired: no new receipts, running member bonuses go on. */
  status: ColumnType<BonusStatus, BonusStatus | undefined, BonusStatus>;
  sort_order: number;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type BonusStatus = 'draft' | 'published' | 'retired';

export type BonusQuotasTable = { bonus_code: string; quota: number; used: number };

export type MemberBonusesTable = {
  id: string;
  member_id: string;
  bonus_code: string;
  status: 'active' | 'completed' | 'lost' | 'cancelled' | 'expired';
  is_promotion: boolean;
  currency: LedgerCurrency;
  deposit_transfer_id: string | null;
  deposit_amount: Int8;
  bonus_amount: Int8;
  start_amount: Int8;
  credit_transfer_id: string | null;
  forfeited: Int8Default;
  withdrawal_id: string | null;
  withdraw_requested: ColumnType<
    string | number | null,
    bigint | string | null,
    bigint | string | null
  >;
  created_at: Timestamp;
  expires_at: Timestamp;
  ended_at: ColumnType<Date | null, Date | null, Date | null>;
};

export type BonusReceiptsTable = {
  member_id: string;
  bonus_code: string;
  period: string;
  member_bonus_id: string;
  created_at: Timestamp;
};

export type PromotionClaimsTable = {
  bonus_code: string;
  member_id: string;
  bank_key: string | null;
  phone: string;
  member_bonus_id: string;
  created_at: Timestamp;
};

type Localized = { th: string; la: string; en: string };

export type SpinPrizeKind = 'cash' | 'bonus' | 'none';

export type SpinWheelsTable = {
  id: string;
  /** The operator's unique key; the member sees name_th / name_la / name_en. */
  name: string;
  name_th: string;
  name_la: string;
  name_en: string;
  is_active: boolean;
  coupon_days: number;
  created_at: Timestamp;
};

export type SpinSlicesTable = {
  id: string;
  wheel_id: string;
  code: string;
  label: string;
  bg_color: string;
  text_color: string;
  html_description_th: string;
  html_description_la: string;
  html_description_en: string;
  prize_kind: SpinPrizeKind;
  amount: Int8Default;
  bonus_code: string | null;
  weight: number;
  sort_order: number;
  /** The label in every language (null: `label` serves every language). */
  labels: ColumnType<Localized | null, string | null | undefined, string | null>;
  /** Taken off the wheel: past spins and coupons still refer to it. */
  is_removed: ColumnType<boolean, boolean | undefined, boolean>;
};

export type MemberSpinStateTable = {
  member_id: string;
  coins: Generated<number>;
  server_seed: string;
  seed_hash: string;
  nonce: Generated<number>;
  updated_at: Timestamp;
};

export type SpinResultsTable = {
  id: string;
  member_id: string;
  wheel_id: string;
  slice_id: string;
  slice_code: string;
  label: string;
  prize_kind: SpinPrizeKind;
  amount: Int8;
  server_seed: string;
  seed_hash: string;
  client_seed: string;
  nonce: number;
  weights: ColumnType<unknown, string, string>;
  created_at: Timestamp;
};

export type SpinCoinMovesTable = {
  id: string;
  member_id: string;
  delta: number;
  deposit_transfer_id: string | null;
  spin_id: string | null;
  created_at: Timestamp;
};

export type CouponsTable = {
  id: string;
  member_id: string;
  code: string;
  spin_id: string | null;
  slice_id: string | null;
  prize_name: string;
  slice_code: string;
  kind: SpinPrizeKind;
  amount: Int8;
  bonus_code: string | null;
  status: 'claimable' | 'claimed';
  expires_at: Timestamp;
  claimed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  transfer_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  /** The turnover a claimed cash prize asks before it can be withdrawn (null: none). */
  turnover_target: ColumnType<
    string | number | null,
    bigint | string | null | undefined,
    bigint | string | null
  >;
  turnover_met_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
};

/** Coins of a deposit waiting until the deposit is played. */
export type SpinCoinPendingTable = {
  deposit_transfer_id: string;
  member_id: string;
  coins: number;
  deposit_at: Timestamp;
  released_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
};
