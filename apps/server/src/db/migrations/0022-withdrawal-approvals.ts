import { statementsMigration } from '@/db/migrations/run-statements.ts';

// Maker-checker of withdrawals (docs/back-office/money-out.md): the first approval of a withdrawal above
// approvals.secondApprovalAboveMinor, waiting for a different operator. One per withdrawal; the check refuses a
// confirmation by the operator who asked, whatever the code above it does.
export const migration0022 = statementsMigration(
  [
    `create table withdrawal_approvals (
      withdrawal_id uuid primary key references withdrawals (id),
      requested_by uuid not null references operators (id),
      requested_by_name text not null,
      requested_at timestamptz not null,
      request_reason text,
      confirmed_by uuid references operators (id),
      confirmed_by_name text,
      confirmed_at timestamptz,
      constraint withdrawal_approvals_two_operators check (confirmed_by is null or confirmed_by <> requested_by)
    )`,
  ],
  ['drop table if exists withdrawal_approvals'],
);
