import { statementsMigration } from '@/db/migrations/run-statements.ts';
import { MEMBER_ROW_COLUMNS } from '@/db/migrations/member-row-columns.ts';

// The bonus engine and promotion codes (docs/decisions/0013-promotions.md#bonus). Amounts are minor units of the
// member's currency; percents and the multiplier keep two decimals.
const TRANSFER_KINDS_BEFORE = `'deposit', 'withdraw', 'game_in', 'game_out', 'game_result', 'bonus', 'finish_bonus',
  'bonus_forfeit', 'refund', 'invite', 'prize', 'adjustment'`;

export const migration0018 = statementsMigration(
  [
    `create table bonuses (
      code text primary key check (code = upper(code) and length(code) between 1 and 40),
      name_th text not null,
      name_la text not null,
      name_en text not null,
      description_th text not null,
      description_la text not null,
      description_en text not null,
      type text not null check (type in ('limit', 'day', 'week')),
      max_received integer not null check (max_received between 1 and 1000),
      percent_fail numeric(5, 2) not null check (percent_fail >= 0 and percent_fail <= 100),
      banners jsonb not null default '[]',
      amount_kind text not null check (amount_kind in ('percent', 'fixed')),
      percent numeric(7, 2) constraint bonuses_percent_positive check (percent > 0),
      max_bonus bigint not null check (max_bonus > 0),
      min_deposit bigint not null check (min_deposit >= 0),
      withdraw_cap bigint check (withdraw_cap > 0),
      condition_kind text not null check (condition_kind in ('credit', 'turnover')),
      multiplier numeric(7, 2) not null check (multiplier > 0),
      category_weights jsonb not null default '{}',
      valid_days integer not null check (valid_days > 0),
      is_promotion boolean not null default false,
      is_enabled boolean not null default true,
      sort_order integer not null default 0,
      created_at timestamptz not null,
      constraint bonuses_percent_check check ((amount_kind = 'percent') = (percent is not null))
    )`,
    // The optional quota of receipts across all members: taken by one conditional update (used < quota).
    `create table bonus_quotas (
      bonus_code text primary key references bonuses (code),
      quota integer not null check (quota >= 0),
      used integer not null default 0,
      constraint bonus_quotas_used_check check (used >= 0 and used <= quota)
    )`,
    `create table member_bonuses (
      ${MEMBER_ROW_COLUMNS},
      bonus_code text not null references bonuses (code),
      status text not null check (status in ('active', 'completed', 'lost', 'cancelled', 'expired')),
      is_promotion boolean not null,
      currency text not null check (currency in ('THB', 'LAK')),
      deposit_transfer_id uuid,
      deposit_amount bigint not null check (deposit_amount >= 0),
      bonus_amount bigint not null check (bonus_amount > 0),
      start_amount bigint not null check (start_amount > 0),
      credit_transfer_id uuid,
      forfeited bigint not null default 0,
      withdrawal_id uuid,
      withdraw_requested bigint,
      created_at timestamptz not null,
      expires_at timestamptz not null,
      ended_at timestamptz,
      constraint member_bonuses_deposit_key unique (deposit_transfer_id)
    )`,
    `create unique index member_bonuses_active_key on member_bonuses (member_id) where status = 'active'`,
    `create index member_bonuses_member_idx on member_bonuses (member_id, created_at desc)`,
    `create index member_bonuses_expiry_idx on member_bonuses (expires_at) where status = 'active'`,
    `create table bonus_receipts (
      member_id uuid not null references members (id),
      bonus_code text not null references bonuses (code),
      period text not null,
      member_bonus_id uuid not null references member_bonuses (id),
      created_at timestamptz not null,
      primary key (member_id, bonus_code, period)
    )`,
    `create table promotion_claims (
      bonus_code text not null references bonuses (code),
      member_id uuid not null references members (id),
      bank_key text,
      phone text not null,
      member_bonus_id uuid not null references member_bonuses (id),
      created_at timestamptz not null,
      constraint promotion_claims_bank_key unique (bonus_code, bank_key),
      constraint promotion_claims_phone_key unique (bonus_code, phone)
    )`,
    // bonus_use: the member's own bonus money moved to cash ahead of a game transfer (not a statement row).
    `alter table ledger_transfers drop constraint ledger_transfers_kind_check`,
    `alter table ledger_transfers add constraint ledger_transfers_kind_check
      check (kind in (${TRANSFER_KINDS_BEFORE}, 'bonus_use'))`,
  ],
  [
    `alter table ledger_transfers drop constraint ledger_transfers_kind_check`,
    `alter table ledger_transfers add constraint ledger_transfers_kind_check
      check (kind in (${TRANSFER_KINDS_BEFORE}))`,
    `drop table if exists promotion_claims`,
    `drop table if exists bonus_receipts`,
    `drop table if exists member_bonuses`,
    `drop table if exists bonus_quotas`,
    `drop table if exists bonuses`,
  ],
);
