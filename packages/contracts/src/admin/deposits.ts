import { z } from 'zod';
import { textSchema } from '../fields.ts';
import { MAX_AMOUNT } from '../money.ts';
import {
  adminCall,
  filterTextSchema,
  filterTimeSchema,
  idParams,
  pageFields,
  pageOf,
  reasonBody,
  reasonSchema,
} from './admin-contract.ts';
import { claimSchema, type MoneyInQueue } from './claims.ts';
import { queueOriginSchema } from './queues.ts';

/**
 * The money-in queues of the back office (docs/back-office/money-in.md): held QR payments, held gift vouchers, manual
 * deposit notices, bank lines no member was matched to, and slips that were not credited. Lists need queues.read;
 * decisions deposits.decide, and a credit a fresh re-authentication. Amounts are integers in minor units (satang,
 * att), as everywhere in the back-office API.
 */

/** open: waiting for an operator; decided: settled by an operator; all: both. */
export const queueStateSchema = z.enum(['open', 'decided', 'all'], { error: 'INVALID_REQUEST' });
export type QueueState = z.infer<typeof queueStateSchema>;

const listBody = <T extends z.ZodRawShape>(extra: T) =>
  z.strictObject({
    state: queueStateSchema.default('open'),
    /** A member's phone or public id, or the item's reference. */
    search: filterTextSchema,
    from: filterTimeSchema,
    to: filterTimeSchema,
    ...pageFields(),
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

/**
 * The four calls of a queue: its list, one item (`detail`: a fuller view of it), a credit (with a fresh
 * re-authentication) and a refusal. A decision answers the item as it now stands.
 */
function queueCalls<
  TItem extends z.ZodType,
  TDetail extends z.ZodType = TItem,
  TFilters extends z.ZodRawShape = Record<never, never>,
  TCredit extends z.ZodType = typeof reasonBody,
  TRefuse extends z.ZodType = typeof reasonBody,
>(
  queue: MoneyInQueue,
  item: TItem,
  more: { detail?: TDetail; filters?: TFilters; creditBody?: TCredit; refuseBody?: TRefuse } = {},
) {
  const path = `/api/admin/deposits/${queue}` as const;
  const decision = <TBody extends z.ZodType>(kind: 'credit' | 'refuse', body: TBody) =>
    adminCall('POST', `${path}/:id/${kind}`, {
      params: idParams,
      body,
      response: item,
      permission: 'deposits.decide',
      isReauthRequired: kind === 'credit',
    });
  return {
    list: adminCall('POST', path, {
      body: listBody((more.filters ?? {}) as TFilters),
      response: pageOf(item),
      permission: 'queues.read',
    }),
    get: adminCall('GET', `${path}/:id`, {
      params: idParams,
      response: (more.detail ?? item) as TDetail,
      permission: 'queues.read',
    }),
    credit: decision('credit', (more.creditBody ?? reasonBody) as TCredit),
    refuse: decision('refuse', (more.refuseBody ?? reasonBody) as TRefuse),
  };
}

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

export const {
  list: adminQrListContract,
  get: adminQrGetContract,
  credit: adminQrCreditContract,
  refuse: adminQrRefuseContract,
} = queueCalls('qr', qrItemSchema);

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

export const {
  list: adminVoucherListContract,
  get: adminVoucherGetContract,
  credit: adminVoucherCreditContract,
  refuse: adminVoucherRefuseContract,
} = queueCalls('vouchers', voucherItemSchema);

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

export const {
  list: adminNoticeListContract,
  get: adminNoticeGetContract,
  credit: adminNoticeCreditContract,
  refuse: adminNoticeRefuseContract,
} = queueCalls('notices', noticeItemSchema);

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

export const {
  list: adminBankLineListContract,
  get: adminBankLineGetContract,
  credit: adminBankLineCreditContract,
  refuse: adminBankLineRefuseContract,
} = queueCalls('bank-lines', bankLineItemSchema, {
  detail: bankLineDetailSchema,
  /** origin: transfers whose reference was already credited (refused by the system), or the others; absent: both. */
  filters: { origin: queueOriginSchema.optional() },
  creditBody: z.strictObject({ memberId: z.uuid({ error: 'NO_USER' }), reason: reasonSchema }),
  refuseBody: z.strictObject({
    /** returned: sent back to its sender outside the system; ignored: not money for any member (a test, a fee). */
    outcome: z.enum(['returned', 'ignored'], { error: 'INVALID_REQUEST' }),
    reason: reasonSchema,
  }),
});

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

export const {
  list: adminSlipListContract,
  get: adminSlipGetContract,
  credit: adminSlipCreditContract,
  refuse: adminSlipRefuseContract,
} = queueCalls('slips', slipItemSchema, {
  /** origin: duplicates the system refused (REFERENCE_DUPLICATED), or the others; absent: both. */
  filters: { reason: filterTextSchema, origin: queueOriginSchema.optional() },
  creditBody: z.strictObject({
    /** Typed by the operator; absent: the verifier's amount. */
    amountMinor: z
      .number({ error: 'INVALID_AMOUNT' })
      .int({ error: 'INVALID_AMOUNT' })
      .positive({ error: 'INVALID_AMOUNT' })
      .max(MAX_AMOUNT * 100, { error: 'AMOUNT_TOO_LARGE' })
      .optional(),
    reason: reasonSchema,
  }),
});

/** The slip's stored image, streamed to operators only (never at a guessable or member link). */
export const adminSlipImageContract = adminCall('GET', '/api/admin/deposits/slips/:id/image', {
  params: idParams,
  response: z.unknown(),
  permission: 'queues.read',
});
