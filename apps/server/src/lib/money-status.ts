import type { MoneyStatus } from '@mekong/contracts/money';
import type { DepositNoticesTable, SlipsTable, WithdrawalStatus } from '@/db/schema.ts';
import type { TransferStatus } from '@/modules/ledger/ledger.repository.ts';

/** Every stored state of a money movement: ledger transfers, withdrawals, slips and deposit notices. */
export type StoredMoneyState =
  TransferStatus | WithdrawalStatus | SlipsTable['status'] | DepositNoticesTable['status'];

const MONEY_STATUS: Record<StoredMoneyState, MoneyStatus> = {
  pending: 'PENDING',
  pending_approval: 'PENDING',
  processing: 'PENDING',
  posted: 'SUCCESS',
  succeeded: 'SUCCESS',
  success: 'SUCCESS',
  confirmed: 'SUCCESS',
  matched: 'SUCCESS',
  voided: 'FAILED',
  failed: 'FAILED',
  rejected: 'FAILED',
};

/** What the member is told of a stored money state: settled, still on its way, or failed (money not moved). */
export function moneyStatusOf(state: StoredMoneyState): MoneyStatus {
  return MONEY_STATUS[state];
}

/** The status of one request made of several legs: any pending makes the whole pending, then any failure. */
export function combinedMoneyStatus(statuses: readonly MoneyStatus[]): MoneyStatus {
  if (statuses.includes('PENDING')) return 'PENDING';
  if (statuses.includes('FAILED')) return 'FAILED';
  return 'SUCCESS';
}
