import { statementsMigration } from '@/db/migrations/run-statements.ts';

// Daily sums of solo manual credits and debits (docs/back-office/members.md#adjustments): per operator and per member,
// per currency and per players' day (Asia/Bangkok), what was moved with no second operator. A request locks its two
// rows, so parallel requests add up one after another and cannot all slip under the second-approval line together.
export const migration0034 = statementsMigration(
  [
    `create table adjustment_day_sums (
      scope text not null check (scope in ('operator', 'member')),
      subject_id uuid not null,
      currency text not null,
      day date not null,
      solo_amount bigint not null default 0 check (solo_amount >= 0),
      near_line_told_at timestamptz,
      primary key (scope, subject_id, currency, day)
    )`,
  ],
  [`drop table if exists adjustment_day_sums`],
);
