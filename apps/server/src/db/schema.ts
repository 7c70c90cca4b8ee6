import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { DateEra, MemberCurrency } from '@mekong/contracts/constants';

/** Timestamps are timestamptz; both drivers give Date objects. */
type Timestamp = ColumnType<Date, Date, Date>;

export type BanksTable = {
  code: string;
  name_th: string;
  name_en: string;
  country: 'TH' | 'LA';
  /** The bank's numeric clearing code (Thailand: 3 digits), where it has one. */
  numeric_code: string | null;
  is_english_name_required: boolean;
  is_enabled: boolean;
  sort_order: number;
};

export type SourcesTable = {
  code: string;
  description_th: string;
  description_la: string;
  description_en: string;
  is_enabled: boolean;
  sort_order: number;
};

export type OperatorSettingsTable = {
  key: string;
  value: ColumnType<unknown, string, string>;
  updated_at: Timestamp;
};

export type OperatorAccountsTable = {
  id: string;
  kind: 'bank' | 'wallet';
  /** Bank code for a bank account, wallet mode (truemoney, promptpay) for a wallet. */
  channel: string;
  bank_type: 'deposit' | 'withdraw' | 'both';
  mode: 'auto' | 'manual';
  account_name: string;
  account_no: string;
  currency: MemberCurrency;
  is_enabled: boolean;
  sort_order: number;
  created_at: Timestamp;
};

export type MembersTable = {
  id: string;
  public_id: string;
  phone: string;
  name: string;
  password_hash: string;
  currency: MemberCurrency;
  status: 'active' | 'suspended';
  source_code: string | null;
  invited_by: string | null;
  date_era: Generated<DateEra>;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type MemberBankAccountsTable = {
  id: string;
  member_id: string;
  bank_code: string;
  account_name: string;
  account_no: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** When the bank or the number last changed after registration (null: never); see docs/decisions/0009-account-security.md. */
  changed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
};

export type SessionsTable = {
  id: string;
  member_id: string;
  token_hash: string;
  created_at: Timestamp;
  last_used_at: Timestamp;
  revoked_at: Timestamp | null;
  ip: string | null;
  user_agent: string | null;
};

/** What a one-time code was sent for; a code of one purpose never serves the other. */
export type OtpPurpose = 'register' | 'password_reset';

export type OtpRequestsTable = {
  id: string;
  phone: string;
  token_hash: string;
  /** Null: no SMS was sent (a password reset asked for a phone that is no member), so no code can match. */
  gateway_token: string | null;
  purpose: ColumnType<OtpPurpose, OtpPurpose | undefined, OtpPurpose>;
  ref: string;
  status: 'sent' | 'verified' | 'superseded' | 'used';
  attempts: Generated<number>;
  expires_at: Timestamp;
  verified_at: Timestamp | null;
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: Timestamp;
  ip: string | null;
};

/**
 * int8 columns: node-postgres returns a string, PGlite a number, or a bigint beyond 2^53; each is exact, so read them
 * with BigInt (db/domain-row.ts) and write them as bigint (docs/design.md#amounts).
 */
type Int8 = ColumnType<string | number, bigint | string, bigint | string>;
/** An int8 column with a database default (optional on insert). */
type Int8Default = ColumnType<string | number, bigint | string | undefined, bigint | string>;

export type GameProvidersTable = {
  code: string;
  name: string;
  category: 'slot' | 'sport' | 'casino' | 'lotto';
  logo: string;
  background: string;
  web_url: string | null;
  android_url: string | null;
  ios_url: string | null;
  has_auto_login: boolean;
  is_enabled: boolean;
  sort_order: number;
};

export type LedgerAccountsTable = {
  id: string;
  /** Null for a house account. */
  member_id: string | null;
  kind: string;
  provider: string | null;
  currency: 'THB' | 'LAK';
  /** Posted balance; member accounts only (house balances are derived from the transfer log). */
  balance: Int8Default;
  /** Sum of this account's pending debits. */
  reserved: Int8Default;
  /** Bumped by every change of the row, so a game balance sync can tell that nothing moved meanwhile. */
  version: Int8Default;
  created_at: Timestamp;
};

export type LedgerTransferKind =
  | 'deposit'
  | 'withdraw'
  | 'game_in'
  | 'game_out'
  | 'game_result'
  | 'bonus'
  | 'finish_bonus'
  | 'bonus_forfeit'
  | 'refund'
  | 'invite'
  | 'prize'
  | 'adjustment'
  | 'bonus_use';

export type LedgerTransfersTable = {
  id: string;
  member_id: string | null;
  debit_account_id: string;
  credit_account_id: string;
  amount: Int8;
  currency: 'THB' | 'LAK';
  kind: LedgerTransferKind;
  status: 'pending' | 'posted' | 'voided';
  idempotency_key: string | null;
  external_ref: string | null;
  group_id: string | null;
  metadata: ColumnType<Record<string, unknown> | null, string | null, string | null>;
  created_at: Timestamp;
  settled_at: Timestamp | null;
};

export type MemberGameAccountsTable = {
  id: string;
  member_id: string;
  provider: string;
  username: string;
  /** AES-256-GCM under GAME_CREDENTIALS_KEY (see modules/games/credentials.ts). */
  password_enc: string;
  /** creating: claimed, the provider account may not exist yet (activation retries finish it); active: usable. */
  status: 'creating' | 'active';
  /** When the game balance was last read from the provider. */
  synced_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type WithdrawalStatus =
  'pending_approval' | 'processing' | 'succeeded' | 'failed' | 'rejected';

export type WithdrawalsTable = {
  id: string;
  member_id: string;
  transfer_id: string;
  idempotency_key: string;
  group_id: string | null;
  amount: Int8;
  currency: 'THB' | 'LAK';
  bank_code: string;
  account_no: string;
  account_name: string;
  status: WithdrawalStatus;
  failure_code: string | null;
  payout_attempts: Generated<number>;
  last_payout_at: Timestamp | null;
  decided_by: string | null;
  decided_at: Timestamp | null;
  decision_note: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type BankIncomingTransfersTable = {
  id: string;
  reference: string;
  from_bank_code: string;
  from_account_no: string;
  from_account_name: string | null;
  to_account_no: string | null;
  amount: Int8;
  currency: string;
  received_at: Timestamp;
  status: 'credited' | 'unmatched' | 'resolved';
  unmatched_reason: string | null;
  member_id: string | null;
  transfer_id: string | null;
  deposit_ref: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type JobCursorsTable = { name: string; cursor: string; updated_at: Timestamp };
export type JobLeasesTable = { job: string; item: string; holder: string; expires_at: Timestamp };

export type QrPaymentsTable = {
  id: string;
  member_id: string;
  provider: 'KBANK' | 'WW' | 'E2P';
  reference: string;
  amount: Int8;
  currency: 'THB' | 'LAK';
  payload: string;
  status: 'active' | 'cancelled' | 'paid' | 'held';
  expires_at: Timestamp;
  paid_amount: Int8 | null;
  paid_at: Timestamp | null;
  transaction_id: string | null;
  hold_reason: string | null;
  transfer_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type SlipsTable = {
  id: string;
  member_id: string;
  status: 'processing' | 'success' | 'failed';
  reason: string | null;
  sending_bank: string | null;
  trans_ref: string | null;
  amount: Int8Default;
  currency: 'THB' | 'LAK';
  image: Buffer | null;
  image_type: string | null;
  image_token: string | null;
  transfer_id: string | null;
  verified: ColumnType<Record<string, unknown> | null, string | null, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type TrueMoneyVouchersTable = {
  id: string;
  voucher_hash: string;
  member_id: string;
  status: 'redeeming' | 'unknown' | 'failed' | 'credited' | 'held';
  amount: Int8 | null;
  owner_phone: string | null;
  owner_name: string | null;
  reason: string | null;
  transfer_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type DepositNoticesTable = {
  id: string;
  member_id: string;
  amount: Int8;
  currency: 'THB' | 'LAK';
  idempotency_key: string | null;
  status: 'pending' | 'confirmed' | 'matched' | 'rejected';
  incoming_id: string | null;
  transfer_id: string | null;
  decided_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type SpinPrizeKind = 'cash' | 'bonus' | 'none';

export type SpinWheelsTable = {
  id: string;
  name: string;
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
  html_description: string;
  prize_kind: SpinPrizeKind;
  amount: Int8Default;
  bonus_code: string | null;
  weight: number;
  sort_order: number;
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
};

/** A settled bet from a provider's betting history (information only: it moves no money). */
export type GameBetsTable = {
  id: string;
  provider: string;
  /** The provider's record id, unique per provider. */
  external_id: string;
  member_id: string;
  username: string;
  category: string;
  stake_minor: Int8;
  /** What the bet paid back (stake included); 0 for a loss. */
  payout_minor: Int8;
  placed_at: Timestamp;
  booked_at: Timestamp;
};

/** Where reading a provider's betting history stopped: username '' for the whole provider, else one account. */
export type GameBetCursorsTable = {
  provider: string;
  username: string;
  cursor: string;
  updated_at: Timestamp;
};

/** Commission earned by an inviter (member_id) from one deposit of an invitee; collected when collection_id is set. */
export type InviteAccrualsTable = {
  id: string;
  member_id: string;
  invitee_id: string;
  deposit_transfer_id: string;
  amount: Int8;
  currency: 'THB' | 'LAK';
  collection_id: string | null;
  created_at: Timestamp;
};

export type InviteCollectionsTable = {
  id: string;
  member_id: string;
  amount: Int8;
  currency: 'THB' | 'LAK';
  transfer_id: string;
  created_at: Timestamp;
};

/** A refund of one week's losses received by a member (week_start: Monday 00:00 Asia/Bangkok). */
export type RefundClaimsTable = {
  id: string;
  member_id: string;
  week_start: Timestamp;
  amount: Int8;
  currency: 'THB' | 'LAK';
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
  banners: ColumnType<{ image: string; html: string }[], string, string>;
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
  is_enabled: boolean;
  sort_order: number;
  created_at: Timestamp;
};

export type BonusQuotasTable = { bonus_code: string; quota: number; used: number };

export type MemberBonusesTable = {
  id: string;
  member_id: string;
  bonus_code: string;
  status: 'active' | 'completed' | 'lost' | 'cancelled' | 'expired';
  is_promotion: boolean;
  currency: 'THB' | 'LAK';
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

export type Database = {
  banks: BanksTable;
  sources: SourcesTable;
  operator_settings: OperatorSettingsTable;
  operator_accounts: OperatorAccountsTable;
  members: MembersTable;
  member_bank_accounts: MemberBankAccountsTable;
  sessions: SessionsTable;
  otp_requests: OtpRequestsTable;
  game_providers: GameProvidersTable;
  ledger_accounts: LedgerAccountsTable;
  ledger_transfers: LedgerTransfersTable;
  member_game_accounts: MemberGameAccountsTable;
  withdrawals: WithdrawalsTable;
  bank_incoming_transfers: BankIncomingTransfersTable;
  job_cursors: JobCursorsTable;
  job_leases: JobLeasesTable;
  qr_payments: QrPaymentsTable;
  slips: SlipsTable;
  truemoney_vouchers: TrueMoneyVouchersTable;
  deposit_notices: DepositNoticesTable;
  spin_wheels: SpinWheelsTable;
  spin_slices: SpinSlicesTable;
  member_spin_state: MemberSpinStateTable;
  spin_results: SpinResultsTable;
  spin_coin_moves: SpinCoinMovesTable;
  coupons: CouponsTable;
  game_bets: GameBetsTable;
  game_bet_cursors: GameBetCursorsTable;
  invite_accruals: InviteAccrualsTable;
  invite_collections: InviteCollectionsTable;
  refund_claims: RefundClaimsTable;
  bonuses: BonusesTable;
  bonus_quotas: BonusQuotasTable;
  member_bonuses: MemberBonusesTable;
  bonus_receipts: BonusReceiptsTable;
  promotion_claims: PromotionClaimsTable;
};

export type Member = Selectable<MembersTable>;
export type NewMember = Insertable<MembersTable>;
