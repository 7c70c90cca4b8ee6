import { statementsMigration } from '@/db/migrations/run-statements.ts';

// The back office's reports read whole days across all members (docs/back-office/reports.md): each of these lets a
// day range be read without scanning the whole table.
const up = [
  `create index ledger_transfers_settled_idx on ledger_transfers (settled_at) where status = 'posted'`,
  `create index members_created_idx on members (created_at)`,
  `create index sessions_created_idx on sessions (created_at)`,
  `create index withdrawals_created_idx on withdrawals (created_at)`,
  `create index game_bets_placed_idx on game_bets (placed_at)`,
  `create index bank_incoming_transfers_received_idx on bank_incoming_transfers (received_at)`,
];

const down = [
  'drop index if exists bank_incoming_transfers_received_idx',
  'drop index if exists game_bets_placed_idx',
  'drop index if exists withdrawals_created_idx',
  'drop index if exists sessions_created_idx',
  'drop index if exists members_created_idx',
  'drop index if exists ledger_transfers_settled_idx',
];

export const migration0027 = statementsMigration(up, down);
