import { statementsMigration } from '@/db/migrations/run-statements.ts';

// Promotions edited in the back office (docs/back-office/promotions.md). A bonus has a lifecycle instead of an on/off
// switch: a draft is invisible to members, a published one is offered, a retired one takes no new receipts while the
// member bonuses already running keep their terms. A wheel slice may get its label in every language (null: the single
// label serves every language; its text per language is 0028's), and a slice taken off the wheel is marked removed
// rather than deleted, because past spins and coupons refer to it.
const up = [
  `alter table bonuses add column status text not null default 'published'
    check (status in ('draft', 'published', 'retired'))`,
  `update bonuses set status = 'retired' where not is_enabled`,
  `alter table bonuses drop column is_enabled`,
  `alter table bonuses add column updated_at timestamptz`,
  `update bonuses set updated_at = created_at`,
  `alter table bonuses alter column updated_at set not null`,
  `alter table spin_slices add column labels jsonb`,
  `alter table spin_slices add column is_removed boolean not null default false`,
];

const down = [
  'alter table spin_slices drop column is_removed',
  'alter table spin_slices drop column labels',
  'alter table bonuses drop column updated_at',
  'alter table bonuses add column is_enabled boolean not null default true',
  `update bonuses set is_enabled = (status = 'published')`,
  'alter table bonuses drop column status',
];

export const migration0026 = statementsMigration(up, down);
