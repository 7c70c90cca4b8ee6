import type { Claim } from '@mekong/contracts/admin/claims';
import type { HeldWithdrawal, HoldReason, PayoutItem } from '@mekong/contracts/admin/withdrawals';
import { isoOrNull } from '@/lib/iso-time.ts';
import { accountNoFor } from '@/modules/members/account-mask.ts';
import type { OperatorContext } from '@/modules/operators/operator-auth.service.ts';
import type { QueueRow } from '@/modules/withdrawal-review/withdrawal-review.repository.ts';
import type { Withdrawal } from '@/modules/withdrawal/withdrawal.repository.ts';

/** Who reads the queue: the member's account number is whole only for an operator with money duties. */
type Viewer = Pick<OperatorContext, 'permissions'>;

function baseItem(r: QueueRow, claim: Claim | null, viewer: Viewer) {
  return {
    id: r.id,
    memberId: r.member_id,
    memberPublicId: r.public_id,
    memberPhone: r.phone,
    memberName: r.name,
    amountMinor: Number(r.amount),
    currency: r.currency,
    bankCode: r.bank_code,
    accountNo: accountNoFor(viewer)(r.account_no),
    accountName: r.account_name,
    status: r.status,
    failureCode: r.failure_code,
    payoutAttempts: r.payout_attempts,
    createdAt: r.created_at.toISOString(),
    decidedBy: r.decided_by,
    decidedAt: isoOrNull(r.decided_at),
    claim,
  };
}

/** A row of the withdrawals queue; the hold reasons are read against today's auto-payout limit. */
export function toHeldWithdrawal(
  r: QueueRow,
  claim: Claim | null,
  limits: { autoPayoutMaxMinor: number; secondApprovalAboveMinor: number },
  viewer: Viewer,
): HeldWithdrawal {
  const reasons: HoldReason[] = [];
  if (BigInt(r.amount) > BigInt(limits.autoPayoutMaxMinor)) reasons.push('over_limit');
  if (r.is_account_changed) reasons.push('account_changed');
  return {
    ...baseItem(r, claim, viewer),
    reasons,
    isSecondApprovalNeeded: BigInt(r.amount) > BigInt(limits.secondApprovalAboveMinor),
    approval:
      r.requested_by === null || r.requested_at === null
        ? null
        : {
            requestedBy: r.requested_by_name ?? '',
            requestedById: r.requested_by,
            requestedAt: r.requested_at.toISOString(),
            reason: r.request_reason,
            confirmedBy: r.confirmed_by_name,
            confirmedAt: isoOrNull(r.confirmed_at),
          },
  };
}

export function toPayoutItem(r: QueueRow, claim: Claim | null, viewer: Viewer): PayoutItem {
  const state =
    r.status === 'failed' ? 'failed' : r.status === 'pending_approval' ? 'held' : 'unknown';
  return { ...baseItem(r, claim, viewer), state, lastPayoutAt: isoOrNull(r.last_payout_at) };
}

/** What an audit record keeps of a withdrawal before and after a decision. */
export function auditView(w: Withdrawal) {
  return {
    status: w.status,
    amountMinor: w.amountMinor.toString(),
    currency: w.currency,
    memberId: w.memberId,
    payoutAttempts: w.payoutAttempts,
    failureCode: w.failureCode,
    decidedBy: w.decidedBy,
  };
}
