import type { Timestamp } from '@/db/schema/column-types.ts';

/** A money call's first answer under the member's Idempotency-Key (status and body null while in flight). */
export type MoneyRepliesTable = {
  member_id: string;
  idempotency_key: string;
  call: string;
  status_code: number | null;
  body: string | null;
  claimed_at: Timestamp;
};
