import { createHash } from 'node:crypto';
import { sql, type Kysely, type Migration } from 'kysely';
import {
  PROVIDER_SEEDS,
  providerBackground,
  providerLinks,
  providerLogo,
} from '@/db/migrations/0002-provider-seeds.ts';
import { MEMBER_ROW_COLUMNS } from '@/db/migrations/member-row-columns.ts';

// The ledger's account naming as this migration first stored it, frozen (a migration never imports live code).
const CURRENCIES = ['THB', 'LAK'] as const;
const HOUSE_ACCOUNT_KINDS =
  'bank_in bank_out provider_float game_result bonus refund invite prize adjustment'.split(' ');

function nameUuid(name: string): string {
  const h = createHash('sha256').update(name).digest('hex');
  const variant = ((parseInt(h[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
const houseAccountId = (kind: string, currency: string, provider: string | null) =>
  nameUuid(`house:${kind}:${currency}:${kind === 'provider_float' ? (provider ?? '') : ''}`);
const memberAccountId = (memberId: string, kind: 'cash' | 'bonus') =>
  nameUuid(`member:${memberId}:${kind}:`);

const q = (value: string | null) => (value === null ? 'null' : `'${value.replace(/'/g, "''")}'`);

// One statement per entry: PGlite's extended protocol runs a single statement per query.
const up = [
  `create table game_providers (
    code text primary key,
    name text not null,
    category text not null check (category in ('slot', 'sport', 'casino', 'lotto')),
    logo text not null,
    background text not null,
    web_url text,
    android_url text,
    ios_url text,
    has_auto_login boolean not null default false,
    is_enabled boolean not null default true,
    sort_order integer not null default 0
  )`,
  // Member accounts (cash, bonus, game) carry balance and reserved; house accounts never do: their balance is
  // derived from the transfer log, so no shared hot row is updated by every member's transfer (docs/design.md#money).
  `create table ledger_accounts (
    id uuid primary key,
    member_id uuid references members (id),
    kind text not null,
    provider text,
    currency text not null check (currency in ('THB', 'LAK')),
    balance bigint not null default 0,
    reserved bigint not null default 0,
    version bigint not null default 0,
    created_at timestamptz not null,
    constraint ledger_accounts_id_currency_key unique (id, currency),
    constraint ledger_accounts_kind_check check (
      (member_id is not null and kind in ('cash', 'bonus', 'game'))
      or (member_id is null and kind in (${HOUSE_ACCOUNT_KINDS.map((k) => `'${k}'`).join(', ')}))
    ),
    constraint ledger_accounts_provider_check check (
      (kind in ('game', 'provider_float')) = (provider is not null)
    ),
    constraint ledger_accounts_member_balance_check check (
      member_id is null or (balance >= 0 and reserved >= 0 and reserved <= balance)
    ),
    constraint ledger_accounts_house_balance_check check (
      member_id is not null or (balance = 0 and reserved = 0)
    )
  )`,
  `create unique index ledger_accounts_member_key on ledger_accounts (member_id, kind, (coalesce(provider, ''))) where member_id is not null`,
  `create unique index ledger_accounts_house_key on ledger_accounts (kind, currency, (coalesce(provider, ''))) where member_id is null`,
  `create table ledger_transfers (
    id uuid primary key,
    member_id uuid references members (id),
    debit_account_id uuid not null,
    credit_account_id uuid not null,
    amount bigint not null check (amount > 0),
    currency text not null check (currency in ('THB', 'LAK')),
    kind text not null check (kind in ('deposit', 'withdraw', 'game_in', 'game_out', 'game_result', 'bonus',
      'finish_bonus', 'bonus_forfeit', 'refund', 'invite', 'prize', 'adjustment')),
    status text not null check (status in ('pending', 'posted', 'voided')),
    idempotency_key text,
    external_ref text,
    group_id uuid,
    metadata jsonb,
    created_at timestamptz not null,
    settled_at timestamptz,
    constraint ledger_transfers_accounts_check check (debit_account_id <> credit_account_id),
    constraint ledger_transfers_debit_fkey foreign key (debit_account_id, currency)
      references ledger_accounts (id, currency),
    constraint ledger_transfers_credit_fkey foreign key (credit_account_id, currency)
      references ledger_accounts (id, currency),
    constraint ledger_transfers_idempotency_key unique (member_id, idempotency_key),
    constraint ledger_transfers_external_ref_key unique (kind, external_ref)
  )`,
  `create index ledger_transfers_member_idx on ledger_transfers (member_id, created_at desc)`,
  `create index ledger_transfers_pending_idx on ledger_transfers (created_at) where status = 'pending'`,
  `create index ledger_transfers_group_idx on ledger_transfers (group_id) where group_id is not null`,
  `create table member_game_accounts (
    ${MEMBER_ROW_COLUMNS},
    provider text not null references game_providers (code),
    username text not null,
    password_enc text not null,
    status text not null check (status in ('creating', 'active')),
    synced_at timestamptz,
    created_at timestamptz not null,
    updated_at timestamptz not null,
    constraint member_game_accounts_member_key unique (member_id, provider),
    constraint member_game_accounts_username_key unique (provider, username)
  )`,
];

function providerInserts(): string[] {
  return PROVIDER_SEEDS.map((p, i) => {
    const links = providerLinks(p);
    return `insert into game_providers (code, name, category, logo, background, web_url, android_url, ios_url,
      has_auto_login, is_enabled, sort_order) values (${q(p.code)}, ${q(p.name)}, ${q(p.category)},
      ${q(providerLogo(p))}, ${q(providerBackground(p))}, ${q(links.web)}, ${q(links.android)}, ${q(links.ios)},
      ${p.hasAutoLogin}, true, ${i + 1}) on conflict (code) do nothing`;
  });
}

/** Every house account of both currencies, with its fixed id. */
function houseAccountInserts(now: string): string[] {
  const rows: string[] = [];
  for (const currency of CURRENCIES) {
    for (const kind of HOUSE_ACCOUNT_KINDS) {
      const providers = kind === 'provider_float' ? PROVIDER_SEEDS.map((p) => p.code) : [null];
      for (const provider of providers) {
        rows.push(
          `(${q(houseAccountId(kind, currency, provider))}, null, ${q(kind)}, ${q(provider)}, ${q(currency)}, ${q(now)})`,
        );
      }
    }
  }
  return [
    `insert into ledger_accounts (id, member_id, kind, provider, currency, created_at) values ${rows.join(', ')}
      on conflict do nothing`,
  ];
}

export const migration0002: Migration = {
  async up(db: Kysely<unknown>) {
    const now = new Date().toISOString();
    for (const statement of [...up, ...providerInserts(), ...houseAccountInserts(now)])
      await sql.raw(statement).execute(db);
    // Existing members get their cash and bonus accounts (new members get them at registration).
    const members = await sql<{
      id: string;
      currency: string;
    }>`select id, currency from members`.execute(db);
    for (const m of members.rows) {
      for (const kind of ['cash', 'bonus'] as const) {
        await sql`insert into ledger_accounts (id, member_id, kind, currency, created_at)
          values (${memberAccountId(m.id, kind)}, ${m.id}, ${kind}, ${m.currency === 'LAK' ? 'LAK' : 'THB'}, ${now})
          on conflict do nothing`.execute(db);
      }
    }
  },
  async down(db: Kysely<unknown>) {
    for (const table of [
      'member_game_accounts',
      'ledger_transfers',
      'ledger_accounts',
      'game_providers',
    ])
      await sql.raw(`drop table if exists ${table}`).execute(db);
  },
};
