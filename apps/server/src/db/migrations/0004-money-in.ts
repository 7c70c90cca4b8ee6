import { statementsMigration } from '@/db/migrations/run-statements.ts';
import { MEMBER_ROW_COLUMNS } from '@/db/migrations/member-row-columns.ts';

// One statement per entry: PGlite's extended protocol runs a single statement per query.
const up = [
  // A deposit QR (docs/design.md#deposits). `reference` is the gateway's ref1; the gateway's paid notice is kept on the row
  // whether it was credited or held for an operator (late, cancelled, wrong amount).
  `create table qr_payments (
    ${MEMBER_ROW_COLUMNS},
    provider text not null check (provider in ('KBANK', 'WW', 'E2P')),
    reference text not null,
    amount bigint not null check (amount > 0),
    currency text not null check (currency in ('THB', 'LAK')),
    payload text not null,
    status text not null check (status in ('active', 'cancelled', 'paid', 'held')),
    expires_at timestamptz not null,
    paid_amount bigint,
    paid_at timestamptz,
    transaction_id text,
    hold_reason text,
    transfer_id uuid references ledger_transfers (id),
    created_at timestamptz not null,
    updated_at timestamptz not null,
    constraint qr_payments_reference_key unique (provider, reference)
  )`,
  // One active QR per member and provider.
  `create unique index qr_payments_active_key on qr_payments (member_id, provider) where status = 'active'`,
  // Every slip upload with its outcome (docs/spec.md §3 Slip). A reference is claimed by at most one slip that is being
  // checked or was credited; failed slips free it (a slip refused as BANK_DELAYED can be sent again).
  `create table slips (
    ${MEMBER_ROW_COLUMNS},
    status text not null check (status in ('processing', 'success', 'failed')),
    reason text,
    sending_bank text,
    trans_ref text,
    amount bigint not null default 0,
    currency text not null check (currency in ('THB', 'LAK')),
    image bytea,
    image_type text,
    image_token text,
    transfer_id uuid references ledger_transfers (id),
    verified jsonb,
    created_at timestamptz not null,
    updated_at timestamptz not null,
    constraint slips_image_token_key unique (image_token)
  )`,
  `create unique index slips_reference_key on slips (sending_bank, trans_ref)
    where status in ('processing', 'success')`,
  `create index slips_member_created_idx on slips (member_id, created_at desc, id desc)`,
  `create index slips_member_reference_idx on slips (member_id, trans_ref)`,
  // Every gift voucher seen here. The hash is claimed before the voucher service is called, so two requests can
  // never both redeem it; `held` vouchers were redeemed to the operator but refused (not the member's, under the
  // minimum): the money waits for an operator.
  `create table truemoney_vouchers (
    id uuid primary key,
    voucher_hash text not null,
    member_id uuid not null references members (id),
    status text not null check (status in ('redeeming', 'unknown', 'failed', 'credited', 'held')),
    amount bigint,
    owner_phone text,
    owner_name text,
    reason text,
    transfer_id uuid references ledger_transfers (id),
    created_at timestamptz not null,
    updated_at timestamptz not null,
    constraint truemoney_vouchers_hash_key unique (voucher_hash)
  )`,
  // A member's manual deposit notice: "I sent this amount to a listed account". No money moves until the bank feed
  // or an operator confirms it.
  `create table deposit_notices (
    ${MEMBER_ROW_COLUMNS},
    amount bigint not null check (amount > 0),
    currency text not null check (currency in ('THB', 'LAK')),
    idempotency_key text,
    status text not null check (status in ('pending', 'confirmed', 'matched', 'rejected')),
    incoming_id uuid references bank_incoming_transfers (id),
    transfer_id uuid references ledger_transfers (id),
    decided_by text,
    created_at timestamptz not null,
    updated_at timestamptz not null,
    constraint deposit_notices_idempotency_key unique (member_id, idempotency_key),
    constraint deposit_notices_incoming_key unique (incoming_id)
  )`,
  `create index deposit_notices_pending_idx on deposit_notices (created_at) where status = 'pending'`,
];

const down = [
  'drop table if exists deposit_notices',
  'drop table if exists truemoney_vouchers',
  'drop table if exists slips',
  'drop table if exists qr_payments',
];

export const migration0004 = statementsMigration(up, down);
