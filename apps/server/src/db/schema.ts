import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

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
  currency: 'BAHT' | 'LAK';
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
  currency: 'BAHT' | 'LAK';
  status: 'active' | 'suspended';
  source_code: string | null;
  invited_by: string | null;
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

export type OtpRequestsTable = {
  id: string;
  phone: string;
  token_hash: string;
  gateway_token: string;
  ref: string;
  status: 'sent' | 'verified' | 'superseded';
  attempts: Generated<number>;
  expires_at: Timestamp;
  verified_at: Timestamp | null;
  created_at: Timestamp;
  ip: string | null;
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
};

export type Member = Selectable<MembersTable>;
export type NewMember = Insertable<MembersTable>;
export type MemberBankAccount = Selectable<MemberBankAccountsTable>;
export type BankRow = Selectable<BanksTable>;
