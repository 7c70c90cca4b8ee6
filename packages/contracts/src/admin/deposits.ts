import { z } from 'zod';
import { textSchema } from '../fields.ts';
import { MAX_AMOUNT } from '../money.ts';
import { adminCall, idParams, reasonSchema } from './admin-contract.ts';
import { claimSchema } from './claims.ts';

/**
 * The money-in queues of the back office (docs/back-office/money-in.md): held QR payments, held gift vouchers, manual
 * deposit notices, bank lines no member was matched to, and slips that were not credited. Lists need queues.read;
 * decisions deposits.decide, and a credit a fresh re-authentication. Amounts are integers in minor units (satang,
 * att), as everywhere in the back-office API.
 */

const filterText = textSchema('INVALID_REQUEST').trim().max(100).optional();

/** open: waiting for an operator; decided: settled by an operator; all: both. */
export const queueStateSchema = z.enum(['open', 'decided', 'all'], { error: 'INVALID_REQUEST' });
export type QueueState = z.infer<typeof queueStateSchema>;

const listBody = <T extends z.ZodRawShape>(extra: T) =>
  z.strictObject({
    state: queueStateSchema.default('open'),
    /** A member's phone or public id, or the item's reference. */
    search: filterText,
    from: z.iso.datetime({ offset: true, error: 'INVALID_REQUEST' }).optional(),
    to: z.iso.datetime({ offset: true, error: 'INVALID_REQUEST' }).optional(),
    page: z.number().int().min(1).max(100_000).default(1),
    limit: z.number().int().min(1).max(100).default(20),
    ...extra,
  });

export const queueMemberSchema = z.object({
  id: z.string(),
  publicId: z.string(),
  phone: z.string(),
  name: z.string(),
  bank: z.object({ code: z.string(), accountNo: z.string(), accountName: z.string() }).nullable(),
});
export type QueueMember = z.infer<typeof queueMemberSchema>;

/** Who settled the item, when, and the reason they typed (null while it waits). */
export const decisionSchema = z
  .object({ by: z.string(), at: z.string(), reason: z.string().nullable() })
  .nullable();

const itemBase = {
  id: z.string(),
  createdAt: z.string(),
  decision: decisionSchema,
  /** The live claim on the item, if any operator holds one. */
  claim: claimSchema.nullable(),
};

const listResponse = <T extends z.ZodType>(row: T) =>
  z.object({ rows: z.array(row), total: z.number() });

// Held QR payments ------------------------------------------------------------------------------------------------

export const qrItemSchema = z.object({
  ...itemBase,
  member: queueMemberSchema,
  provider: z.string(),
  reference: z.string(),
  /** What the QR asked for. */
  amountMinor: z.number(),
  /** What the gateway says was paid (null: its notice has not come yet). */
  paidAmountMinor: z.number().nullable(),
  paidAt: z.string().nullable(),
  expiresAt: z.string(),
  transactionId: z.string().nullable(),
  status: z.enum(['active', 'cancelled', 'paid', 'held', 'refused']),
  holdReason: z.string().nullable(),
});
export type QrItem = z.infer<typeof qrItemSchema>;

export const adminQrListContract = adminCall('POST', '/api/admin/deposits/qr', {
  body: listBody({}),
  response: listResponse(qrItemSchema),
  permission: 'queues.read',
});
export const adminQrGetContract = adminCall('GET', '/api/admin/deposits/qr/:id', {
  params: idParams,
  response: qrItemSchema,
  permission: 'queues.read',
});
export const adminQrCreditContract = adminCall('POST', '/api/admin/deposits/qr/:id/credit', {
  params: idParams,
  body: z.strictObject({ reason: reasonSchema }),
  response: qrItemSchema,
  permission: 'deposits.decide',
  isReauthRequired: true,
});
export const adminQrRefuseContract = adminCall('POST', '/api/admin/deposits/qr/:id/refuse', {
  params: idParams,
  body: z.strictObject({ reason: reasonSchema }),
  response: qrItemSchema,
  permission: 'deposits.decide',
});

// Held gift vouchers ----------------------------------------------------------------------------------------------

export const voucherItemSchema = z.object({
  ...itemBase,
  member: queueMemberSchema,
  amountMinor: z.number().nullable(),
  ownerPhone: z.string().nullable(),
  ownerName: z.string().nullable(),
  /** Why it was held: TRUELINK_NOT_OWNER, TRUELINK_MINIMUM. */
  holdReason: z.string().nullable(),
  status: z.enum(['redeeming', 'unknown', 'failed', 'credited', 'held', 'refused']),
});
export type VoucherItem = z.infer<typeof voucherItemSchema>;

export const adminVoucherListContract = adminCall('POST', '/api/admin/deposits/vouchers', {
  body: listBody({}),
  response: listResponse(voucherItemSchema),
  permission: 'queues.read',
});
export const adminVoucherGetContract = adminCall('GET', '/api/admin/deposits/vouchers/:id', {
  params: idParams,
  response: voucherItemSchema,
  permission: 'queues.read',
});
export const adminVoucherCreditContract = adminCall(
  'POST',
  '/api/admin/deposits/vouchers/:id/credit',
  {
    params: idParams,
    body: z.strictObject({ reason: reasonSchema }),
    response: voucherItemSchema,
    permission: 'deposits.decide',
    isReauthRequired: true,
  },
);
export const adminVoucherRefuseContract = adminCall(
  'POST',
  '/api/admin/deposits/vouchers/:id/refuse',
  {
    params: idParams,
    body: z.strictObject({ reason: reasonSchema }),
    response: voucherItemSchema,
    permission: 'deposits.decide',
  },
);

// Manual deposit notices ------------------------------------------------------------------------------------------

export const noticeItemSchema = z.object({
  ...itemBase,
  member: queueMemberSchema,
  amountMinor: z.number(),
  currency: z.string(),
  status: z.enum(['pending', 'confirmed', 'matched', 'rejected']),
  /** The bank line it was matched to (status matched). */
  bankLineId: z.string().nullable(),
});
export type NoticeItem = z.infer<typeof noticeItemSchema>;

export const adminNoticeListContract = adminCall('POST', '/api/admin/deposits/notices', {
  body: listBody({}),
  response: listResponse(noticeItemSchema),
  permission: 'queues.read',
});
export const adminNoticeGetContract = adminCall('GET', '/api/admin/deposits/notices/:id', {
  params: idParams,
  response: noticeItemSchema,
  permission: 'queues.read',
});
export const adminNoticeCreditContract = adminCall(
  'POST',
  '/api/admin/deposits/notices/:id/credit',
  {
    params: idParams,
    body: z.strictObject({ reason: reasonSchema }),
    response: noticeItemSchema,
    permission: 'deposits.decide',
    isReauthRequired: true,
  },
);
export const adminNoticeRefuseContract = adminCall(
  'POST',
  '/api/admin/deposits/notices/:id/refuse',
  {
    params: idParams,
    body: z.strictObject({ reason: reasonSchema }),
    response: noticeItemSchema,
    permission: 'deposits.decide',
  },
);

// Bank lines not matched to a member ------------------------------------------------------------------------------

export const suggestionReasonSchema = z.object({
  kind: z.enum(['account_exact', 'account_suffix', 'name', 'notice', 'qr']),
  /** What matched: the account number, the name and its similarity, the notice or QR id. */
  detail: z.string(),
});
export const suggestionSchema = z.object({
  member: queueMemberSchema,
  score: z.number(),
  reasons: z.array(suggestionReasonSchema),
});
export type Suggestion = z.infer<typeof suggestionSchema>;

export const bankLineItemSchema = z.object({
  ...itemBase,
  reference: z.string(),
  fromBankCode: z.string(),
  fromAccountNo: z.string(),
  fromAccountName: z.string().nullable(),
  toAccountNo: z.string().nullable(),
  amountMinor: z.number(),
  currency: z.string(),
  receivedAt: z.string(),
  status: z.enum(['credited', 'unmatched', 'resolved', 'returned', 'ignored']),
  unmatchedReason: z.string().nullable(),
  /** The member it was credited to (resolved). */
  member: queueMemberSchema.nullable(),
});
export type BankLineItem = z.infer<typeof bankLineItemSchema>;

export const bankLineDetailSchema = bankLineItemSchema.extend({
  suggestions: z.array(suggestionSchema),
});
export type BankLineDetail = z.infer<typeof bankLineDetailSchema>;

export const adminBankLineListContract = adminCall('POST', '/api/admin/deposits/bank-lines', {
  body: listBody({}),
  response: listResponse(bankLineItemSchema),
  permission: 'queues.read',
});
export const adminBankLineGetContract = adminCall('GET', '/api/admin/deposits/bank-lines/:id', {
  params: idParams,
  response: bankLineDetailSchema,
  permission: 'queues.read',
});
export const adminBankLineCreditContract = adminCall(
  'POST',
  '/api/admin/deposits/bank-lines/:id/credit',
  {
    params: idParams,
    body: z.strictObject({
      memberId: z.uuid({ error: 'NO_USER' }),
      reason: reasonSchema,
    }),
    response: bankLineItemSchema,
    permission: 'deposits.decide',
    isReauthRequired: true,
  },
);
export const adminBankLineRefuseContract = adminCall(
  'POST',
  '/api/admin/deposits/bank-lines/:id/refuse',
  {
    params: idParams,
    body: z.strictObject({
      /** returned: sent back to its sender outside the system; ignored: not money for any member (a test, a fee). */
      outcome: z.enum(['returned', 'ignored'], { error: 'INVALID_REQUEST' }),
      reason: reasonSchema,
    }),
    response: bankLineItemSchema,
    permission: 'deposits.decide',
  },
);

/** Members to credit a line to when no suggestion fits: by phone, public id or registered account number. */
export const adminDepositMemberLookupContract = adminCall(
  'POST',
  '/api/admin/deposits/member-lookup',
  {
    body: z.strictObject({
      query: textSchema('INVALID_REQUEST').trim().min(3, { error: 'INVALID_REQUEST' }).max(50),
    }),
    response: z.object({ members: z.array(queueMemberSchema) }),
    permission: 'deposits.decide',
  },
);

// Slips -----------------------------------------------------------------------------------------------------------

const partySchema = z.object({
  bankCode: z.string().optional(),
  name: z.string().optional(),
  accountNo: z.string().optional(),
});

export const slipItemSchema = z.object({
  ...itemBase,
  member: queueMemberSchema,
  /** The verifier's amount (null: the verifier gave none). */
  amountMinor: z.number().nullable(),
  status: z.enum(['processing', 'success', 'failed']),
  /** Why it was not credited (spec §4 slip reasons). */
  reason: z.string().nullable(),
  sendingBank: z.string().nullable(),
  transRef: z.string().nullable(),
  /** The verifier's answer: the transfer's date, sender and receiver. */
  verified: z
    .object({
      date: z.string().optional(),
      sender: partySchema.optional(),
      receiver: partySchema.optional(),
    })
    .nullable(),
  hasImage: z.boolean(),
  outcome: z.enum(['credited', 'refused']).nullable(),
});
export type SlipItem = z.infer<typeof slipItemSchema>;

export const adminSlipListContract = adminCall('POST', '/api/admin/deposits/slips', {
  body: listBody({ reason: filterText }),
  response: listResponse(slipItemSchema),
  permission: 'queues.read',
});
export const adminSlipGetContract = adminCall('GET', '/api/admin/deposits/slips/:id', {
  params: idParams,
  response: slipItemSchema,
  permission: 'queues.read',
});
/** The slip's stored image, streamed to operators only (never at a guessable or member link). */
export const adminSlipImageContract = adminCall('GET', '/api/admin/deposits/slips/:id/image', {
  params: idParams,
  response: z.unknown(),
  permission: 'queues.read',
});
export const adminSlipCreditContract = adminCall('POST', '/api/admin/deposits/slips/:id/credit', {
  params: idParams,
  body: z.strictObject({
    /** Typed by the operator; absent: the verifier's amount. */
    amountMinor: z
      .number({ error: 'INVALID_AMOUNT' })
      .int({ error: 'INVALID_AMOUNT' })
      .positive({ error: 'INVALID_AMOUNT' })
      .max(MAX_AMOUNT * 100, { error: 'AMOUNT_TOO_LARGE' })
      .optional(),
    reason: reasonSchema,
  }),
  response: slipItemSchema,
  permission: 'deposits.decide',
  isReauthRequired: true,
});
export const adminSlipRefuseContract = adminCall('POST', '/api/admin/deposits/slips/:id/refuse', {
  params: idParams,
  body: z.strictObject({ reason: reasonSchema }),
  response: slipItemSchema,
  permission: 'deposits.decide',
});
