import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { DateEra, MemberCurrency } from '@mekong/contracts/constants';
import type { Timestamp } from '@/db/schema/column-types.ts';

/** Reference lists, operator settings, members, their bank accounts, sessions and one-time codes. */

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
  /** Null: not chosen, the language's own year count (migration 0047). */
  date_era: Generated<DateEra | null>;
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
  /** The hash of the home page cookie's key (docs/decisions/0021-member-home-page.md); null until the app asks for it. */
  home_key_hash: ColumnType<string | null, string | null | undefined, string | null>;
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
  /** The operator who had the code sent from the back office (null: the member asked). */
  operator_id: ColumnType<string | null, string | null | undefined, string | null>;
};

export type Member = Selectable<MembersTable>;
export type NewMember = Insertable<MembersTable>;
