import type { ColumnType } from 'kysely';
import type { LedgerCurrency } from '@mekong/contracts/constants';
import type { Int8, Int8Default, Timestamp } from '@/db/schema/column-types.ts';

/** Manual credits and debits of a member's cash (docs/back-office/members.md#adjustments). */
export type MemberAdjustmentsTable = {
  id: string;
  member_id: string;
  direction: 'credit' | 'debit';
  amount: Int8;
  currency: LedgerCurrency;
  reason: string;
  status: 'awaiting_approval' | 'posted' | 'rejected';
  requested_by: string;
  /** The operator's username then (as the audit trail keeps it). */
  requested_by_name: string;
  requested_at: Timestamp;
  decided_by: string | null;
  decided_by_name: string | null;
  decided_at: Timestamp | null;
  decision_reason: string | null;
  transfer_id: string | null;
  balance_before: Int8 | null;
  balance_after: Int8 | null;
};

/**
 * What one operator moved alone, or one member received from operators alone, on one players' day (Asia/Bangkok) in
 * one currency (docs/back-office/members.md#adjustments).
 */
export type AdjustmentDaySumsTable = {
  scope: 'operator' | 'member';
  subject_id: string;
  currency: LedgerCurrency;
  /** YYYY-MM-DD in Bangkok. */
  day: ColumnType<string, string, never>;
  solo_amount: Int8Default;
  /** When the owners were told this operator nears the line (once a day). */
  near_line_told_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
};
