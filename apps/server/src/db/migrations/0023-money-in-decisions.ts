import { statementsMigration } from '@/db/migrations/run-statements.ts';

// Operators' decisions on money held in (docs/back-office/money-in.md): each held item records who decided it, when
// and the reason typed. A refused QR payment or gift voucher stays with the operator, to be returned outside the
// system (`refused`); a bank line nobody owns is `returned` to its sender or `ignored`. One statement per entry.
const decisionColumns = (table: string) => [
  `alter table ${table} add column decided_at timestamptz`,
  `alter table ${table} add column decision_reason text`,
];

const up = [
  `alter table qr_payments drop constraint qr_payments_status_check,
    add constraint qr_payments_status_check
    check (status in ('active', 'cancelled', 'paid', 'held', 'refused'))`,
  `alter table qr_payments add column decided_by text`,
  ...decisionColumns('qr_payments'),
  `alter table truemoney_vouchers drop constraint truemoney_vouchers_status_check,
    add constraint truemoney_vouchers_status_check
    check (status in ('redeeming', 'unknown', 'failed', 'credited', 'held', 'refused'))`,
  `alter table truemoney_vouchers add column decided_by text`,
  ...decisionColumns('truemoney_vouchers'),
  ...decisionColumns('deposit_notices'),
  `alter table bank_incoming_transfers drop constraint bank_incoming_transfers_status_check,
    add constraint bank_incoming_transfers_status_check
    check (status in ('credited', 'unmatched', 'resolved', 'returned', 'ignored'))`,
  `alter table bank_incoming_transfers add column decided_by text`,
  ...decisionColumns('bank_incoming_transfers'),
  // A failed slip an operator credited (status success) or refused (stays failed): `decision` says which.
  `alter table slips add column decision text check (decision in ('credited', 'refused'))`,
  `alter table slips add column decided_by text`,
  ...decisionColumns('slips'),
  // The operators' queues read these: held items and failed slips nobody decided yet, oldest first.
  `create index qr_payments_held_idx on qr_payments (created_at) where status = 'held'`,
  `create index truemoney_vouchers_held_idx on truemoney_vouchers (created_at) where status = 'held'`,
  `create index slips_open_idx on slips (created_at) where status = 'failed' and decision is null`,
];

const dropDecision = (table: string) =>
  `alter table ${table} drop column if exists decided_at, drop column if exists decision_reason`;

const down = [
  'drop index if exists slips_open_idx',
  'drop index if exists truemoney_vouchers_held_idx',
  'drop index if exists qr_payments_held_idx',
  dropDecision('slips'),
  'alter table slips drop column if exists decided_by, drop column if exists decision',
  dropDecision('bank_incoming_transfers'),
  'alter table bank_incoming_transfers drop column if exists decided_by',
  dropDecision('deposit_notices'),
  dropDecision('truemoney_vouchers'),
  'alter table truemoney_vouchers drop column if exists decided_by',
  dropDecision('qr_payments'),
  'alter table qr_payments drop column if exists decided_by',
];

export const migration0023 = statementsMigration(up, down);
