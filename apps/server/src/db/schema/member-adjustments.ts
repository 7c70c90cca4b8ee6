import type { LedgerCurrency } from '@mekong/contracts/constants';
import type { Int8, Timestamp } from '@/db/schema/column-types.ts';

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
