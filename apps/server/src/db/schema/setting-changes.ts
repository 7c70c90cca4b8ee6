import type { ColumnType } from 'kysely';
import type { Timestamp } from '@/db/schema/column-types.ts';

/** A money-critical setting change waiting for a second operator or its delay (docs/back-office/settings.md). */
export type PendingSettingChangesTable = {
  id: string;
  /** The setting key, or `operatorAccount:<id>`: one change of a key waits at a time. */
  key: string;
  /** A guarded setting key, or `operatorAccount`. */
  subject: string;
  account_id: string | null;
  before: ColumnType<unknown, string | null, string | null>;
  value: ColumnType<unknown, string, string>;
  requested_by: string;
  /** The operator's username then (as the audit trail keeps it). */
  requested_by_name: string;
  requested_ip: string | null;
  requested_at: Timestamp;
  effective_at: Timestamp;
  status: 'pending' | 'applied' | 'cancelled';
  /** Who confirmed or cancelled it; null when it took effect by its delay or was refused by the server. */
  decided_by: string | null;
  decided_by_name: string | null;
  decided_at: Timestamp | null;
  /** The message code that refused it when it came due and no longer held (a duplicate account, a lockout). */
  refusal: string | null;
};
