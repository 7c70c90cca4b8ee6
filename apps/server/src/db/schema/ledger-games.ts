import type { LedgerCurrency } from '@mekong/contracts/constants';
import type { ColumnType } from 'kysely';
import type { Int8, Int8Default, Timestamp } from '@/db/schema/column-types.ts';

/** The ledger, game providers and accounts, betting history, and the job cursors and leases. */

export type GameProvidersTable = {
  code: string;
  name: string;
  category: 'slot' | 'sport' | 'casino' | 'lotto';
  logo: string;
  background: string;
  web_url: string | null;
  android_url: string | null;
  ios_url: string | null;
  has_auto_login: boolean;
  is_enabled: boolean;
  sort_order: number;
};

export type LedgerAccountsTable = {
  id: string;
  /** Null for a house account. */
  member_id: string | null;
  kind: string;
  provider: string | null;
  currency: LedgerCurrency;
  /** Posted balance; member accounts only (house balances are derived from the transfer log). */
  balance: Int8Default;
  /** Sum of this account's pending debits. */
  reserved: Int8Default;
  /** Bumped by every change of the row, so a game balance sync can tell that nothing moved meanwhile. */
  version: Int8Default;
  created_at: Timestamp;
};

export type LedgerTransferKind =
  | 'deposit'
  | 'withdraw'
  | 'game_in'
  | 'game_out'
  | 'game_result'
  | 'bonus'
  | 'finish_bonus'
  | 'bonus_forfeit'
  | 'refund'
  | 'invite'
  | 'prize'
  | 'adjustment'
  | 'bonus_use';

export type LedgerTransfersTable = {
  id: string;
  member_id: string | null;
  debit_account_id: string;
  credit_account_id: string;
  amount: Int8;
  currency: LedgerCurrency;
  kind: LedgerTransferKind;
  status: 'pending' | 'posted' | 'voided';
  idempotency_key: string | null;
  external_ref: string | null;
  group_id: string | null;
  metadata: ColumnType<Record<string, unknown> | null, string | null, string | null>;
  created_at: Timestamp;
  settled_at: Timestamp | null;
};

export type MemberGameAccountsTable = {
  id: string;
  member_id: string;
  provider: string;
  username: string;
  /** AES-256-GCM under GAME_CREDENTIALS_KEY (see modules/games/credentials.ts). */
  password_enc: string;
  /** creating: claimed, the provider account may not exist yet (activation retries finish it); active: usable. */
  status: 'creating' | 'active';
  /** When the game balance was last read from the provider. */
  synced_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type JobCursorsTable = { name: string; cursor: string; updated_at: Timestamp };
export type JobLeasesTable = { job: string; item: string; holder: string; expires_at: Timestamp };
export type JobStatesTable = {
  job: string;
  runs: Int8Default;
  failed_runs: Int8Default;
  failures_in_a_row: ColumnType<number, number | undefined, number>;
  last_started_at: Timestamp | null;
  last_ended_at: Timestamp | null;
  last_success_at: Timestamp | null;
  last_failed_at: Timestamp | null;
  last_error: string | null;
};

/** A settled bet from a provider's betting history (information only: it moves no money). */
export type GameBetsTable = {
  id: string;
  provider: string;
  /** The provider's record id, unique per provider. */
  external_id: string;
  member_id: string;
  username: string;
  category: string;
  stake_minor: Int8;
  /** What the bet paid back (stake included); 0 for a loss. */
  payout_minor: Int8;
  placed_at: Timestamp;
  booked_at: Timestamp;
};

/** Where reading a provider's betting history stopped: username '' for the whole provider, else one account. */
export type GameBetCursorsTable = {
  provider: string;
  username: string;
  cursor: string;
  updated_at: Timestamp;
};
