import type { LedgerCurrency } from '@mekong/contracts/constants';
import type { ColumnType, Generated } from 'kysely';
import type { Int8, Int8Default, Timestamp } from '@/db/schema/column-types.ts';

/** Money in and out: withdrawals, bank feed, QR payments, slips, TrueMoney vouchers and deposit notices. */

export type WithdrawalStatus =
  'pending_approval' | 'processing' | 'succeeded' | 'failed' | 'rejected';

export type WithdrawalsTable = {
  id: string;
  member_id: string;
  transfer_id: string;
  idempotency_key: string;
  group_id: string | null;
  amount: Int8;
  currency: LedgerCurrency;
  bank_code: string;
  account_no: string;
  account_name: string;
  status: WithdrawalStatus;
  failure_code: string | null;
  payout_attempts: Generated<number>;
  last_payout_at: Timestamp | null;
  decided_by: string | null;
  decided_at: Timestamp | null;
  decision_note: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

/** The columns of an item an operator may decide (docs/back-office/money-in.md): who, when and why. */
type OperatorDecisionColumns = {
  decided_by: string | null;
  decided_at: Timestamp | null;
  decision_reason: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type BankIncomingTransfersTable = {
  id: string;
  reference: string;
  from_bank_code: string;
  from_account_no: string;
  from_account_name: string | null;
  to_account_no: string | null;
  amount: Int8;
  currency: string;
  received_at: Timestamp;
  status: 'credited' | 'unmatched' | 'resolved' | 'returned' | 'ignored';
  unmatched_reason: string | null;
  member_id: string | null;
  transfer_id: string | null;
  deposit_ref: string | null;
} & OperatorDecisionColumns;

export type QrPaymentsTable = {
  id: string;
  member_id: string;
  provider: 'KBANK' | 'WW' | 'E2P';
  reference: string;
  amount: Int8;
  currency: LedgerCurrency;
  payload: string;
  status: 'active' | 'cancelled' | 'paid' | 'held' | 'refused';
  expires_at: Timestamp;
  paid_amount: Int8 | null;
  paid_at: Timestamp | null;
  transaction_id: string | null;
  hold_reason: string | null;
  transfer_id: string | null;
} & OperatorDecisionColumns;

export type SlipsTable = {
  id: string;
  member_id: string;
  status: 'processing' | 'success' | 'failed';
  reason: string | null;
  sending_bank: string | null;
  trans_ref: string | null;
  amount: Int8Default;
  currency: LedgerCurrency;
  image: Buffer | null;
  image_type: string | null;
  image_token: string | null;
  transfer_id: string | null;
  verified: ColumnType<Record<string, unknown> | null, string | null, string | null>;
  decision: 'credited' | 'refused' | null;
} & OperatorDecisionColumns;

export type TrueMoneyVouchersTable = {
  id: string;
  voucher_hash: string;
  member_id: string;
  status: 'redeeming' | 'unknown' | 'failed' | 'credited' | 'held' | 'refused';
  amount: Int8 | null;
  owner_phone: string | null;
  owner_name: string | null;
  reason: string | null;
  transfer_id: string | null;
} & OperatorDecisionColumns;

export type DepositNoticesTable = {
  id: string;
  member_id: string;
  amount: Int8;
  currency: LedgerCurrency;
  idempotency_key: string | null;
  status: 'pending' | 'confirmed' | 'matched' | 'rejected';
  incoming_id: string | null;
  transfer_id: string | null;
} & OperatorDecisionColumns;
