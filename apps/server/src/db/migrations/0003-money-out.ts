import { statementsMigration } from '@/db/migrations/run-statements.ts';
import { MEMBER_ROW_COLUMNS } from '@/db/migrations/member-row-columns.ts';

// One statement per entry: PGlite's extended protocol runs a single statement per query.
const up = [
  // A member's withdrawal (docs/design.md#withdrawals). The money is the pending ledger transfer `transfer_id` (member cash →
  // bank_out); this row carries what the ledger doesn't: where it is paid, the approval state, payout attempts.
  `create table withdrawals (
    ${MEMBER_ROW_COLUMNS},
    transfer_id uuid not null references ledger_transfers (id),
    idempotency_key text not null,
    group_id uuid,
    amount bigint not null check (amount > 0),
    currency text not null check (currency in ('THB', 'LAK')),
    bank_code text not null,
    account_no text not null,
    account_name text not null,
    status text not null check (status in ('pending_approval', 'processing', 'succeeded', 'failed', 'rejected')),
    failure_code text,
    payout_attempts integer not null default 0,
    last_payout_at timestamptz,
    decided_by text,
    decided_at timestamptz,
    decision_note text,
    created_at timestamptz not null,
    updated_at timestamptz not null,
    constraint withdrawals_transfer_key unique (transfer_id),
    constraint withdrawals_idempotency_key unique (member_id, idempotency_key)
  )`,
  `create index withdrawals_member_created_idx on withdrawals (member_id, created_at)`,
  `create index withdrawals_open_idx on withdrawals (status, created_at)
    where status in ('pending_approval', 'processing')`,
  // Every transfer the bank reported into the operator's accounts, credited or not: nothing is ever lost.
  `create table bank_incoming_transfers (
    id uuid primary key,
    reference text not null,
    from_bank_code text not null,
    from_account_no text not null,
    from_account_name text,
    to_account_no text,
    amount bigint not null check (amount > 0),
    currency text not null,
    received_at timestamptz not null,
    status text not null check (status in ('credited', 'unmatched', 'resolved')),
    unmatched_reason text,
    member_id uuid references members (id),
    transfer_id uuid references ledger_transfers (id),
    created_at timestamptz not null,
    updated_at timestamptz not null,
    constraint bank_incoming_transfers_reference_key unique (reference)
  )`,
  `create index bank_incoming_transfers_unmatched_idx on bank_incoming_transfers (created_at)
    where status = 'unmatched'`,
  // Where a polling job stopped reading an outside feed.
  `create table job_cursors (
    name text primary key,
    cursor text not null,
    updated_at timestamptz not null
  )`,
  // The statement (newest first, game results left out) reads this index only.
  `create index ledger_transfers_statement_idx on ledger_transfers (member_id, created_at desc, id desc)
    where kind <> 'game_result'`,
];

const down = [
  'drop index if exists ledger_transfers_statement_idx',
  'drop table if exists job_cursors',
  'drop table if exists bank_incoming_transfers',
  'drop table if exists withdrawals',
];

export const migration0003 = statementsMigration(up, down);
