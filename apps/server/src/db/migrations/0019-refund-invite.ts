import { statementsMigration } from '@/db/migrations/run-statements.ts';
import { MEMBER_ROW_COLUMNS } from '@/db/migrations/member-row-columns.ts';

// Invite commission and refund of losses (docs/decisions/0013-promotions.md#invite, #refund-of-losses). Each credit's
// uniqueness is a constraint: one accrual per deposit transfer, one refund claim per member and week.
export const migration0019 = statementsMigration(
  [
    `create table invite_collections (
      ${MEMBER_ROW_COLUMNS},
      amount bigint not null check (amount > 0),
      currency text not null check (currency in ('THB', 'LAK')),
      transfer_id uuid not null,
      created_at timestamptz not null,
      constraint invite_collections_transfer_key unique (transfer_id)
    )`,
    `create index invite_collections_member_idx on invite_collections (member_id, created_at desc)`,
    // member_id is the inviter (who earns); invitee_id the member whose deposit earned it.
    `create table invite_accruals (
      ${MEMBER_ROW_COLUMNS},
      invitee_id uuid not null references members (id),
      deposit_transfer_id uuid not null,
      amount bigint not null check (amount > 0),
      currency text not null check (currency in ('THB', 'LAK')),
      collection_id uuid references invite_collections (id),
      created_at timestamptz not null,
      constraint invite_accruals_deposit_key unique (deposit_transfer_id)
    )`,
    `create index invite_accruals_uncollected_idx on invite_accruals (member_id) where collection_id is null`,
    `create index invite_accruals_invitee_idx on invite_accruals (member_id, invitee_id)`,
    `create table refund_claims (
      ${MEMBER_ROW_COLUMNS},
      week_start timestamptz not null,
      amount bigint not null check (amount > 0),
      currency text not null check (currency in ('THB', 'LAK')),
      transfer_id uuid not null,
      created_at timestamptz not null,
      constraint refund_claims_member_week_key unique (member_id, week_start),
      constraint refund_claims_transfer_key unique (transfer_id)
    )`,
  ],
  [
    `drop table if exists refund_claims`,
    `drop table if exists invite_accruals`,
    `drop table if exists invite_collections`,
  ],
);
