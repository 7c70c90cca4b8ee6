import type { Timestamp } from '@/db/schema/column-types.ts';

/** The first approval of a large withdrawal, waiting for a second operator (docs/back-office/money-out.md). */
export type WithdrawalApprovalsTable = {
  withdrawal_id: string;
  requested_by: string;
  requested_by_name: string;
  requested_at: Timestamp;
  request_reason: string | null;
  confirmed_by: string | null;
  confirmed_by_name: string | null;
  confirmed_at: Timestamp | null;
};
