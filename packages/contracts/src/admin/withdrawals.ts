import { z } from 'zod';
import { LEDGER_CURRENCIES } from '../constants.ts';
import {
  adminCall,
  filterTextSchema,
  filterTimeSchema,
  idParams,
  okSchema,
  optionalReasonBody,
  pageFields,
  pageOf,
  reasonBody,
} from './admin-contract.ts';
import { claimSchema } from './claims.ts';
import { WITHDRAWAL_STATUSES } from './reports.ts';

/** Money out in the back office (docs/back-office/money-out.md): withdrawals held for approval, and stuck payouts. */

/** Why a withdrawal waits: above the auto-payout limit, or the first payout after a change of the bank account. */
export const holdReasonSchema = z.enum(['over_limit', 'account_changed']);
export type HoldReason = z.infer<typeof holdReasonSchema>;

/** What a payout in the payouts queue is waiting for (docs/back-office/money-out.md#payouts). */
export const payoutStateSchema = z.enum(['unknown', 'held', 'failed']);
export type PayoutState = z.infer<typeof payoutStateSchema>;

const minorFilter = z.number({ error: 'INVALID_REQUEST' }).int().min(0).max(1e13).optional();

const withdrawalFields = {
  id: z.string(),
  memberId: z.string(),
  memberPublicId: z.string(),
  memberPhone: z.string(),
  memberName: z.string(),
  amountMinor: z.number(),
  currency: z.enum(LEDGER_CURRENCIES),
  bankCode: z.string(),
  accountNo: z.string(),
  accountName: z.string(),
  status: z.enum(WITHDRAWAL_STATUSES),
  failureCode: z.string().nullable(),
  payoutAttempts: z.number(),
  createdAt: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  claim: claimSchema.nullable(),
};

/** The first approval of a maker-checker pair, waiting for a different operator. */
export const approvalRequestSchema = z.object({
  requestedBy: z.string(),
  requestedById: z.string(),
  requestedAt: z.string(),
  reason: z.string().nullable(),
  confirmedBy: z.string().nullable(),
  confirmedAt: z.string().nullable(),
});

export const heldWithdrawalSchema = z.object({
  ...withdrawalFields,
  reasons: z.array(holdReasonSchema),
  /** Above approvals.secondApprovalAboveMinor: two different operators approve it. */
  isSecondApprovalNeeded: z.boolean(),
  approval: approvalRequestSchema.nullable(),
});
export type HeldWithdrawal = z.infer<typeof heldWithdrawalSchema>;

export const payoutItemSchema = z.object({
  ...withdrawalFields,
  state: payoutStateSchema,
  lastPayoutAt: z.string().nullable(),
});
export type PayoutItem = z.infer<typeof payoutItemSchema>;

export const adminWithdrawalListContract = adminCall('POST', '/api/admin/withdrawals/list', {
  body: z.strictObject({
    /** The member's phone or public id, exactly. */
    member: filterTextSchema,
    minAmountMinor: minorFilter,
    maxAmountMinor: minorFilter,
    from: filterTimeSchema,
    to: filterTimeSchema,
    reason: holdReasonSchema.optional(),
    /** Only those whose first approval is given (true) or not (false). */
    isAwaitingSecond: z.boolean().optional(),
    ...pageFields(),
  }),
  response: pageOf(heldWithdrawalSchema),
  permission: 'queues.read',
});

export const adminWithdrawalDetailContract = adminCall('GET', '/api/admin/withdrawals/:id', {
  params: idParams,
  response: z.object({
    item: heldWithdrawalSchema,
    cashMinor: z.number(),
    bankChangedAt: z.string().nullable(),
    decisionNote: z.string().nullable(),
    /** The member's latest withdrawals before this one, newest first. */
    recent: z.array(
      z.object({
        id: z.string(),
        amountMinor: z.number(),
        status: z.string(),
        createdAt: z.string(),
      }),
    ),
  }),
  permission: 'queues.read',
});

/** paid / processing (bank answer pending) / failed (refused; money back): the payout went out after this approval. */
export const approvalStateSchema = z.enum([
  'awaiting_second_approval',
  'paid',
  'processing',
  'failed',
]);

export const adminWithdrawalApproveContract = adminCall(
  'POST',
  '/api/admin/withdrawals/:id/approve',
  {
    params: idParams,
    body: optionalReasonBody,
    response: z.object({
      message: z.enum(['OK', 'SECOND_APPROVAL_REQUIRED']),
      state: approvalStateSchema,
    }),
    permission: 'withdrawals.decide',
    isReauthRequired: true,
  },
);

export const adminWithdrawalRejectContract = adminCall(
  'POST',
  '/api/admin/withdrawals/:id/reject',
  {
    params: idParams,
    body: reasonBody,
    response: okSchema,
    permission: 'withdrawals.decide',
  },
);

export const adminPayoutListContract = adminCall('POST', '/api/admin/payouts/list', {
  body: z.strictObject({
    member: filterTextSchema,
    state: payoutStateSchema.optional(),
    from: filterTimeSchema,
    to: filterTimeSchema,
    ...pageFields(),
  }),
  response: pageOf(payoutItemSchema),
  permission: 'queues.read',
});

/** The payout's state after a retry: paid, still unknown (left to reconciliation) or refused (money back). */
export const payoutOutcomeSchema = z.enum(['paid', 'processing', 'failed']);

export const adminPayoutRetryContract = adminCall('POST', '/api/admin/payouts/:id/retry', {
  params: idParams,
  body: optionalReasonBody,
  response: z.object({ message: z.literal('OK'), state: payoutOutcomeSchema }),
  permission: 'withdrawals.decide',
  isReauthRequired: true,
});

export const adminPayoutRefundContract = adminCall('POST', '/api/admin/payouts/:id/refund', {
  params: idParams,
  body: reasonBody,
  response: okSchema,
  permission: 'withdrawals.decide',
  isReauthRequired: true,
});
