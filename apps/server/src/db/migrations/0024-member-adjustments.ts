import { statementsMigration } from '@/db/migrations/run-statements.ts';

// Members in the back office (docs/back-office/members.md): manual credits and debits, each a request whose id the back
// office makes (so a repeat finds it), posted at once or after a second operator's approval (maker-checker); and the
// operator who sent a password-reset code, so the member's own reset can use that code.
export const migration0024 = statementsMigration(
  [
    `create table member_adjustments (
      id uuid primary key,
      member_id uuid not null references members (id),
      direction text not null check (direction in ('credit', 'debit')),
      amount bigint not null check (amount > 0),
      currency text not null,
      reason text not null,
      status text not null check (status in ('awaiting_approval', 'posted', 'rejected')),
      requested_by uuid not null references operators (id),
      requested_by_name text not null,
      requested_at timestamptz not null,
      decided_by uuid references operators (id),
      decided_by_name text,
      decided_at timestamptz,
      decision_reason text,
      transfer_id uuid,
      balance_before bigint,
      balance_after bigint
    )`,
    `create index member_adjustments_member_idx on member_adjustments (member_id, requested_at)`,
    `create index member_adjustments_waiting_idx on member_adjustments (requested_at)
      where status = 'awaiting_approval'`,
    `alter table otp_requests add column operator_id uuid references operators (id)`,
  ],
  [
    `alter table otp_requests drop column if exists operator_id`,
    `drop table if exists member_adjustments`,
  ],
);
