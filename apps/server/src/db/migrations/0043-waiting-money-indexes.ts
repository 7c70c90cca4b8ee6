import { statementsMigration } from '@/db/migrations/run-statements.ts';

// GET /api/wallet/waiting is read with the wallet on home (docs/decisions/0025-waiting-money.md): a member's rows of each
// table, and the latest operator decisions for the usual wait, each by an index rather than a scan of the table.
const DECIDED = [
  'qr_payments',
  'truemoney_vouchers',
  'deposit_notices',
  'bank_incoming_transfers',
  'withdrawals',
];

export const migration0043 = statementsMigration(
  [
    `create index truemoney_vouchers_member_idx on truemoney_vouchers (member_id)`,
    `create index deposit_notices_member_idx on deposit_notices (member_id)`,
    `create index bank_incoming_transfers_member_idx on bank_incoming_transfers (member_id)
        where member_id is not null`,
    ...DECIDED.map(
      (table) =>
        `create index ${table}_decided_idx on ${table} (decided_at desc) where decided_by is not null`,
    ),
  ],
  [
    ...DECIDED.map((table) => `drop index if exists ${table}_decided_idx`),
    `drop index if exists bank_incoming_transfers_member_idx`,
    `drop index if exists deposit_notices_member_idx`,
    `drop index if exists truemoney_vouchers_member_idx`,
  ],
);
