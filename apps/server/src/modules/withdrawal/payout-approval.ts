import type { Queryable } from '@/db/database.ts';
import { hasApprovedWithdrawalSince } from '@/modules/withdrawal/withdrawal.repository.ts';

/** How long after a change of the payout account its withdrawals wait for an operator. */
export const PAYOUT_CHANGE_HOLD_MS = 24 * 3600_000;

/**
 * A payout account changed less than 24 hours ago is not paid automatically until an operator has approved one
 * withdrawal to it: a stolen session that changed it gets nothing out on its own (docs/decisions/0009-account-security.md).
 * Read under the member's withdrawal lock, so an approval and a new withdrawal cannot cross.
 */
export async function isPayoutAccountOnHold(
  trx: Queryable,
  memberId: string,
  changedAt: Date | null,
  now: Date,
): Promise<boolean> {
  if (changedAt === null || now.getTime() - changedAt.getTime() >= PAYOUT_CHANGE_HOLD_MS)
    return false;
  return !(await hasApprovedWithdrawalSince(trx, memberId, changedAt));
}

/**
 * The one rule that sends a withdrawal to an operator instead of paying it at once (docs/design.md#withdrawals): a
 * payout above the auto-payout limit, or to an account on hold. The withdrawal applies it under the member's lock;
 * POST /api/wallet/withdraw/check asks it before the member confirms (docs/decisions/0025-waiting-money.md).
 */
export async function isOperatorNeeded(
  db: Queryable,
  p: {
    memberId: string;
    payoutMinor: bigint;
    limits: { autoPayoutMaxMinor: string | number };
    account: { changedAt: Date | null };
    now: Date;
  },
): Promise<boolean> {
  return (
    p.payoutMinor > BigInt(p.limits.autoPayoutMaxMinor) ||
    (await isPayoutAccountOnHold(db, p.memberId, p.account.changedAt, p.now))
  );
}
