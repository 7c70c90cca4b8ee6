import { statementsMigration } from '@/db/migrations/run-statements.ts';
import { MEMBER_ROW_COLUMNS } from '@/db/migrations/member-row-columns.ts';

// The prize wheel (docs/decisions/0013-promotions.md#prize-wheel). One statement per entry: PGlite's extended
// protocol runs a single statement per query.
const up = [
  `create table spin_wheels (
    id uuid primary key,
    name text not null,
    is_active boolean not null,
    coupon_days integer not null check (coupon_days > 0),
    created_at timestamptz not null,
    constraint spin_wheels_name_key unique (name)
  )`,
  // At most one wheel is live at a time: setup and spin never have to choose.
  `create unique index spin_wheels_one_active_idx on spin_wheels ((true)) where is_active`,
  `create table spin_slices (
    id uuid primary key,
    wheel_id uuid not null references spin_wheels (id),
    code text not null,
    label text not null,
    bg_color text not null,
    text_color text not null,
    html_description text not null,
    prize_kind text not null check (prize_kind in ('cash', 'bonus', 'none')),
    amount bigint not null default 0 check (amount >= 0),
    bonus_code text,
    weight integer not null check (weight > 0),
    sort_order integer not null,
    constraint spin_slices_code_key unique (wheel_id, code),
    constraint spin_slices_prize_check check (
      (prize_kind = 'cash' and amount > 0 and bonus_code is null)
      or (prize_kind = 'bonus' and bonus_code is not null)
      or (prize_kind = 'none' and amount = 0 and bonus_code is null))
  )`,
  // The member's coin count (the sum of spin_coin_moves, kept here so a spin is one conditional update) and the
  // server seed committed for the next spin (only its SHA-256 is shown before the spin).
  `create table member_spin_state (
    member_id uuid primary key references members (id),
    coins integer not null default 0 check (coins >= 0),
    server_seed text not null,
    seed_hash text not null,
    nonce integer not null default 0 check (nonce >= 0),
    updated_at timestamptz not null
  )`,
  // Every spin, with what it takes to verify it: the revealed seed, the client seed, the nonce and the odds used.
  `create table spin_results (
    ${MEMBER_ROW_COLUMNS},
    wheel_id uuid not null references spin_wheels (id),
    slice_id uuid not null references spin_slices (id),
    slice_code text not null,
    label text not null,
    prize_kind text not null check (prize_kind in ('cash', 'bonus', 'none')),
    amount bigint not null,
    server_seed text not null,
    seed_hash text not null,
    client_seed text not null,
    nonce integer not null,
    weights jsonb not null,
    created_at timestamptz not null,
    constraint spin_results_nonce_key unique (member_id, nonce)
  )`,
  `create index spin_results_member_created_idx on spin_results (member_id, created_at)`,
  // Coins earned (one row per credited deposit) and spent (one row per spin): the unique keys make a replayed
  // deposit or a re-run spin count once.
  `create table spin_coin_moves (
    ${MEMBER_ROW_COLUMNS},
    delta integer not null,
    deposit_transfer_id uuid references ledger_transfers (id),
    spin_id uuid references spin_results (id),
    created_at timestamptz not null,
    constraint spin_coin_moves_deposit_key unique (deposit_transfer_id),
    constraint spin_coin_moves_spin_key unique (spin_id),
    constraint spin_coin_moves_kind_check check (
      (delta > 0 and deposit_transfer_id is not null and spin_id is null)
      or (delta = -1 and spin_id is not null and deposit_transfer_id is null))
  )`,
  `create index spin_coin_moves_member_idx on spin_coin_moves (member_id, created_at)`,
  `create function spin_coin_moves_append_only() returns trigger language plpgsql as $$
  begin
    raise exception 'spin_coin_moves is append-only' using errcode = 'P0001';
  end $$`,
  `create trigger spin_coin_moves_append_only before update or delete on spin_coin_moves
    for each row execute function spin_coin_moves_append_only()`,
  // A prize won; the code is what the member claims with. Expiry is derived from expires_at when read.
  `create table coupons (
    ${MEMBER_ROW_COLUMNS},
    code text not null,
    spin_id uuid references spin_results (id),
    slice_id uuid references spin_slices (id),
    prize_name text not null,
    slice_code text not null,
    kind text not null check (kind in ('cash', 'bonus', 'none')),
    amount bigint not null check (amount >= 0),
    bonus_code text,
    status text not null check (status in ('claimable', 'claimed')),
    expires_at timestamptz not null,
    claimed_at timestamptz,
    transfer_id uuid references ledger_transfers (id),
    created_at timestamptz not null,
    constraint coupons_code_key unique (code),
    constraint coupons_spin_key unique (spin_id),
    constraint coupons_claimed_check check ((status = 'claimed') = (claimed_at is not null))
  )`,
  `create index coupons_member_created_idx on coupons (member_id, created_at desc)`,
];

const down = [
  'drop table if exists coupons',
  'drop trigger if exists spin_coin_moves_append_only on spin_coin_moves',
  'drop function if exists spin_coin_moves_append_only()',
  'drop table if exists spin_coin_moves',
  'drop table if exists spin_results',
  'drop table if exists member_spin_state',
  'drop table if exists spin_slices',
  'drop table if exists spin_wheels',
];

export const migration0020 = statementsMigration(up, down);
