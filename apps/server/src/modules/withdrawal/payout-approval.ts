import type { Trx } from '@/db/database.ts';
import { hasApprovedWithdrawalSince } from '@/modules/withdrawal/withdrawal.repository.ts';

/** How long after a change of the payout account its withdrawals wait for an operator. */
export const PAYOUT_CHANGE_HOLD_MS = 24 * 3600_000;

/**
 * A payout account changed less than 24 hours ago is not paid automatically until an operator has approved one
 * withdrawal to it: a stolen session that changed it gets nothing out on its own (docs/decisions/0009-account-security.md).
 * Read under the member's withdrawal lock, so an approval and a new withdrawal cannot cross.
 */
export async function isPayoutAccountOnHold(
  trx: Trx,
  memberId: string,
  changedAt: Date | null,
  now: Date,
): Promise<boolean> {
  if (changedAt === null || now.getTime() - changedAt.getTime() >= PAYOUT_CHANGE_HOLD_MS)
    return false;
  return !(await hasApprovedWithdrawalSince(trx, memberId, changedAt));
}
