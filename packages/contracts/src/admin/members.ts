import { z } from 'zod';
import { textSchema } from '../fields.ts';
import {
  adminCall,
  idParams,
  optionalReasonBody,
  pageFields,
  pageOf,
  reasonBody,
  reasonSchema,
} from './admin-contract.ts';

/**
 * Members in the back office (docs/back-office/members.md): search, the member page and its lists, and the actions.
 * Money is integer minor units written as decimal strings (a bigint never loses a digit in JSON).
 */

const minorSchema = z.string();
const pageBody = z.strictObject(pageFields());

/** A page of one of the member page's lists (`/api/admin/members/:id/<list>`). */
const memberListCall = <T extends z.ZodType>(list: string, row: T) =>
  adminCall('POST', `/api/admin/members/:id/${list}`, {
    params: idParams,
    body: pageBody,
    response: pageOf(row),
    permission: 'members.read',
  });

/** An action on the member (`/api/admin/members/:id/<action>`), which members.manage may take. */
const memberActionCall = <TBody extends z.ZodType, TResponse extends z.ZodType>(
  action: string,
  body: TBody,
  response: TResponse,
) =>
  adminCall('POST', `/api/admin/members/:id/${action}`, {
    params: idParams,
    body,
    response,
    permission: 'members.manage',
  });

/** The shortest query a member search accepts (docs/back-office/members.md#search). */
export const MEMBER_SEARCH_MIN_LENGTH = 3;

export const memberStatusSchema = z.enum(['active', 'suspended']);

/** Where a search looks: `any` tries every way at once. */
export const memberSearchFieldSchema = z.enum(
  ['any', 'phone', 'name', 'publicId', 'id', 'bankAccount'],
  {
    error: 'INVALID_REQUEST',
  },
);
export type MemberSearchField = z.infer<typeof memberSearchFieldSchema>;

export const memberSummarySchema = z.object({
  id: z.string(),
  publicId: z.string(),
  phone: z.string(),
  name: z.string(),
  currency: z.string(),
  status: memberStatusSchema,
  bankCode: z.string().nullable(),
  bankAccountNo: z.string().nullable(),
  createdAt: z.string(),
});
export type MemberSummary = z.infer<typeof memberSummarySchema>;

export const adminMemberSearchContract = adminCall('POST', '/api/admin/members/search', {
  body: z.strictObject({
    // At least 3 characters (an exact phone, member id or account number is longer), so no search lists everyone.
    query: textSchema('INVALID_REQUEST')
      .trim()
      .min(1, { error: 'INVALID_REQUEST' })
      .min(MEMBER_SEARCH_MIN_LENGTH, { error: 'MEMBER_SEARCH_TOO_SHORT' })
      .max(100, { error: 'INVALID_REQUEST' }),
    field: memberSearchFieldSchema.default('any'),
    ...pageFields(),
  }),
  response: pageOf(memberSummarySchema),
  permission: 'members.read',
});

export const memberSessionSchema = z.object({
  id: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  revokedAt: z.string().nullable(),
  isLive: z.boolean(),
});

export const memberBonusSchema = z.object({
  id: z.string(),
  bonusCode: z.string(),
  status: z.string(),
  isPromotion: z.boolean(),
  depositMinor: minorSchema,
  bonusMinor: minorSchema,
  forfeitedMinor: minorSchema,
  createdAt: z.string(),
  expiresAt: z.string(),
  endedAt: z.string().nullable(),
});

/** Who invited the member, named as the member list names them. */
export const memberInviterSchema = memberSummarySchema.pick({
  id: true,
  publicId: true,
  name: true,
});

export const memberDetailSchema = z.object({
  member: memberSummarySchema.extend({
    bankName: z.string().nullable(),
    bankNameTh: z.string().nullable(),
    bankAccountName: z.string().nullable(),
    bankChangedAt: z.string().nullable(),
  }),
  /** From the ledger: `available` is the balance less what pending transfers hold. */
  balances: z.object({
    currency: z.string(),
    cashMinor: minorSchema,
    cashAvailableMinor: minorSchema,
    bonusMinor: minorSchema,
    gamesMinor: z.record(z.string(), minorSchema),
  }),
  bonuses: z.array(memberBonusSchema),
  sessions: z.array(memberSessionSchema),
  invitedBy: memberInviterSchema.nullable(),
  invitees: z.object({ total: z.number(), deposited: z.number() }),
});
export type MemberDetail = z.infer<typeof memberDetailSchema>;

export const adminMemberDetailContract = adminCall('GET', '/api/admin/members/:id', {
  params: idParams,
  response: memberDetailSchema,
  permission: 'members.read',
});

/** A game account with the provider's live balance; a provider that fails gives that row an error, not the page. */
export const memberGameAccountSchema = z.object({
  provider: z.string(),
  username: z.string(),
  status: z.string(),
  ledgerMinor: minorSchema,
  liveMinor: minorSchema.nullable(),
  liveError: z.string().nullable(),
  syncedAt: z.string().nullable(),
});

export const adminMemberGamesContract = adminCall('GET', '/api/admin/members/:id/games', {
  params: idParams,
  response: z.object({ rows: z.array(memberGameAccountSchema) }),
  permission: 'members.read',
});

export const ledgerSideSchema = z.object({
  memberId: z.string().nullable(),
  kind: z.string(),
  provider: z.string().nullable(),
});

/** One ledger transfer of the member; `signedMinor` is what it did to the member's cash, bonus or game money. */
export const memberLedgerRowSchema = z.object({
  id: z.string(),
  kind: z.string(),
  status: z.string(),
  amountMinor: minorSchema,
  signedMinor: minorSchema,
  createdAt: z.string(),
  debit: ledgerSideSchema,
  credit: ledgerSideSchema,
  metadata: z.record(z.string(), z.unknown()).nullable(),
});
export type MemberLedgerRow = z.infer<typeof memberLedgerRowSchema>;

/** `ledger`: every transfer; `statement`: what the member's own statement lists; the others narrow the statement. */
export const memberLedgerViewSchema = z.enum(['ledger', 'statement', 'deposit', 'withdraw'], {
  error: 'INVALID_REQUEST',
});

export const adminMemberLedgerContract = adminCall('POST', '/api/admin/members/:id/ledger', {
  params: idParams,
  body: z.strictObject({ view: memberLedgerViewSchema.default('ledger'), ...pageFields() }),
  response: pageOf(memberLedgerRowSchema),
  permission: 'members.read',
});

export const memberSlipSchema = z.object({
  id: z.string(),
  status: z.string(),
  reason: z.string().nullable(),
  transRef: z.string().nullable(),
  amountMinor: minorSchema,
  createdAt: z.string(),
});
export type MemberSlip = z.infer<typeof memberSlipSchema>;

export const adminMemberSlipsContract = memberListCall('slips', memberSlipSchema);

export const memberInviteeSchema = z.object({
  id: z.string(),
  publicId: z.string(),
  name: z.string(),
  createdAt: z.string(),
  hasDeposited: z.boolean(),
});
export type MemberInvitee = z.infer<typeof memberInviteeSchema>;

export const adminMemberInviteesContract = memberListCall('invitees', memberInviteeSchema);

export const memberWithdrawalSchema = z.object({
  id: z.string(),
  amountMinor: minorSchema,
  status: z.string(),
  bankCode: z.string(),
  accountNo: z.string(),
  failureCode: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type MemberWithdrawal = z.infer<typeof memberWithdrawalSchema>;

export const adminMemberWithdrawalsContract = memberListCall('withdrawals', memberWithdrawalSchema);

export const memberStatusChangeSchema = z.object({
  status: memberStatusSchema,
  sessionsEnded: z.number(),
});

/** Freezing suspends the member (no sign-in, no money call) and ends every session. */
export const adminMemberFreezeContract = memberActionCall(
  'freeze',
  reasonBody,
  memberStatusChangeSchema,
);

export const adminMemberUnfreezeContract = memberActionCall(
  'unfreeze',
  reasonBody,
  memberStatusChangeSchema,
);

export const adminMemberSignOutContract = memberActionCall(
  'sign-out',
  optionalReasonBody,
  z.object({ sessionsEnded: z.number() }),
);

/** Sends the member a password-reset code by SMS; the member sets the new password in the app (no operator sees it). */
export const adminMemberPasswordResetContract = memberActionCall(
  'password-reset',
  optionalReasonBody,
  z.object({ otpRef: z.string() }),
);

export const adjustmentDirectionSchema = z.enum(['credit', 'debit'], { error: 'INVALID_REQUEST' });
export const adjustmentStatusSchema = z.enum(['awaiting_approval', 'posted', 'rejected']);

export const adjustmentSchema = z.object({
  id: z.string(),
  memberId: z.string(),
  memberPublicId: z.string(),
  memberName: z.string(),
  direction: adjustmentDirectionSchema,
  amountMinor: minorSchema,
  currency: z.string(),
  reason: z.string(),
  status: adjustmentStatusSchema,
  requestedBy: z.string(),
  requestedAt: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decisionReason: z.string().nullable(),
  transferId: z.string().nullable(),
  balanceBeforeMinor: minorSchema.nullable(),
  balanceAfterMinor: minorSchema.nullable(),
  isMine: z.boolean(),
});
export type Adjustment = z.infer<typeof adjustmentSchema>;

/** Positive integer minor units as digits, at most 10^15 (far above any limit). */
export const adjustmentAmountSchema = z
  .string({ error: 'INVALID_AMOUNT' })
  .regex(/^[1-9]\d{0,14}$/, { error: 'INVALID_AMOUNT' });

/**
 * A manual credit or debit of the member's cash. `requestId` (a uuid the back office makes once per dialog) makes the
 * call idempotent. Above approvals.secondApprovalAboveMinor it waits for another operator's approval.
 */
export const adminMemberAdjustContract = adminCall('POST', '/api/admin/members/:id/adjustments', {
  params: idParams,
  body: z.strictObject({
    requestId: z.uuid({ error: 'INVALID_REQUEST' }),
    direction: adjustmentDirectionSchema,
    amountMinor: adjustmentAmountSchema,
    reason: reasonSchema,
  }),
  response: adjustmentSchema,
  permission: 'members.adjust',
  isReauthRequired: true,
});

export const adminMemberAdjustmentsContract = memberListCall('adjustments/list', adjustmentSchema);

/** Every adjustment awaiting a second operator, oldest first. */
export const adminPendingAdjustmentsContract = adminCall('POST', '/api/admin/adjustments/pending', {
  body: pageBody,
  response: pageOf(adjustmentSchema),
  permission: 'members.adjust',
});

/** The second operator's decision on an adjustment; approving posts it, so it asks for a fresh re-authentication. */
const adjustmentDecisionCall = <TBody extends z.ZodType | undefined = undefined>(
  decision: 'approve' | 'reject',
  body?: TBody,
) =>
  adminCall('POST', `/api/admin/adjustments/:id/${decision}`, {
    params: idParams,
    body,
    response: adjustmentSchema,
    permission: 'members.adjust',
    isReauthRequired: decision === 'approve',
  });

export const adminAdjustmentApproveContract = adjustmentDecisionCall('approve');
export const adminAdjustmentRejectContract = adjustmentDecisionCall('reject', reasonBody);
