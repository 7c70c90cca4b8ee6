import { statementsMigration } from '@/db/migrations/run-statements.ts';

// The agreement version each member accepted (docs/back-office/settings.md#agreement): one row per member, replaced
// when they accept a newer version, so a version published by the operator asks every member again.
const up = [
  `create table member_agreements (
    member_id uuid primary key references members (id),
    version text not null,
    accepted_at timestamptz not null
  )`,
];

const down = ['drop table if exists member_agreements'];

export const migration0025 = statementsMigration(up, down);
