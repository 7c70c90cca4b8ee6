import { statementsMigration } from '@/db/migrations/run-statements.ts';
import { MEMBER_ROW_COLUMNS } from '@/db/migrations/member-row-columns.ts';

// One statement per entry: PGlite's extended protocol runs a single statement per query.
const up = [
  `create table banks (
    code text primary key,
    name_th text not null,
    name_en text not null,
    country text not null check (country in ('TH', 'LA')),
    numeric_code text,
    is_english_name_required boolean not null default false,
    is_enabled boolean not null default true,
    sort_order integer not null default 0
  )`,
  `create table sources (
    code text primary key,
    description_th text not null,
    description_la text not null,
    description_en text not null,
    is_enabled boolean not null default true,
    sort_order integer not null default 0
  )`,
  `create table operator_settings (
    key text primary key,
    value jsonb not null,
    updated_at timestamptz not null
  )`,
  `create table operator_accounts (
    id uuid primary key,
    kind text not null check (kind in ('bank', 'wallet')),
    channel text not null,
    bank_type text not null check (bank_type in ('deposit', 'withdraw', 'both')),
    mode text not null check (mode in ('auto', 'manual')),
    account_name text not null,
    account_no text not null,
    currency text not null check (currency in ('BAHT', 'LAK')),
    is_enabled boolean not null default true,
    sort_order integer not null default 0,
    created_at timestamptz not null,
    constraint operator_accounts_account_key unique (kind, channel, account_no)
  )`,
  `create table members (
    id uuid primary key,
    public_id text not null,
    phone text not null,
    name text not null,
    password_hash text not null,
    currency text not null check (currency in ('BAHT', 'LAK')),
    status text not null default 'active' check (status in ('active', 'suspended')),
    source_code text references sources (code),
    invited_by uuid references members (id),
    created_at timestamptz not null,
    updated_at timestamptz not null,
    constraint members_public_id_key unique (public_id),
    constraint members_phone_key unique (phone)
  )`,
  `create index members_invited_by_idx on members (invited_by) where invited_by is not null`,
  `create table member_bank_accounts (
    ${MEMBER_ROW_COLUMNS},
    bank_code text not null references banks (code),
    account_name text not null,
    account_no text not null,
    created_at timestamptz not null,
    updated_at timestamptz not null,
    constraint member_bank_accounts_member_key unique (member_id),
    constraint member_bank_accounts_account_key unique (bank_code, account_no)
  )`,
  `create table sessions (
    ${MEMBER_ROW_COLUMNS},
    token_hash text not null,
    created_at timestamptz not null,
    last_used_at timestamptz not null,
    revoked_at timestamptz,
    ip text,
    user_agent text,
    constraint sessions_token_hash_key unique (token_hash)
  )`,
  `create index sessions_member_active_idx on sessions (member_id) where revoked_at is null`,
  `create table otp_requests (
    id uuid primary key,
    phone text not null,
    token_hash text not null,
    gateway_token text not null,
    ref text not null,
    status text not null check (status in ('sent', 'verified', 'superseded')),
    attempts integer not null default 0 check (attempts >= 0),
    expires_at timestamptz not null,
    verified_at timestamptz,
    created_at timestamptz not null,
    ip text,
    constraint otp_requests_token_hash_key unique (token_hash)
  )`,
  `create index otp_requests_phone_idx on otp_requests (phone, created_at)`,
];

const down = [
  'otp_requests',
  'sessions',
  'member_bank_accounts',
  'members',
  'operator_accounts',
  'operator_settings',
  'sources',
  'banks',
].map((t) => `drop table if exists ${t}`);

export const migration0001 = statementsMigration(up, down);
