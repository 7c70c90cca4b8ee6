import { z } from 'zod';
import { PAGE_SIZE } from './constants.ts';
import { memberCall } from './contract.ts';
import { localizedTextSchema, wholeNumberSchema } from './fields.ts';
import { MONEY_STATUSES } from './money.ts';

export const pageBodySchema = (maxLimit = 50) =>
  z.strictObject({
    page: wholeNumberSchema('INVALID_REQUEST', 1, 100_000),
    limit: wholeNumberSchema('INVALID_REQUEST', 1, maxLimit),
  });

/** A POST list of one page (docs/spec.md §9): the page body (at most five pages at once), the total and the page's rows. */
export function pagedListCall<TShape extends z.ZodRawShape>(
  path: string,
  pageSize: number,
  shape: TShape,
) {
  return memberCall('POST', path, {
    body: pageBodySchema(pageSize * 5),
    response: z.object({ total: z.number().int(), ...shape }),
  });
}

export const STATEMENT_TYPES = [
  'deposit',
  'bonus',
  'finish_bonus',
  'withdraw',
  'transfer',
] as const;
export type StatementType = (typeof STATEMENT_TYPES)[number];

/**
 * The statement's type filter (issue 9): `bonus` holds both bonus types (received and ended). Absent: every row.
 */
export const STATEMENT_FILTERS = ['deposit', 'withdraw', 'transfer', 'bonus'] as const;
export type StatementFilter = (typeof STATEMENT_FILTERS)[number];

/** Which statement types a filter shows. */
export const STATEMENT_FILTER_TYPES: Record<StatementFilter, readonly StatementType[]> = {
  deposit: ['deposit'],
  withdraw: ['withdraw'],
  transfer: ['transfer'],
  bonus: ['bonus', 'finish_bonus'],
};

/**
 * How the money moved (docs/design.md#deposits): a QR payment, a transfer seen in the bank feed (or a payout to the
 * member's bank), a slip, a TrueMoney gift link, a deposit notice an operator confirmed, a game, a bonus, or an
 * operator's adjustment. Null when the row does not say (older rows).
 */
export const STATEMENT_CHANNELS = [
  'qr',
  'bank',
  'slip',
  'truemoney',
  'manual',
  'game',
  'bonus',
  'adjustment',
] as const;
export type StatementChannel = (typeof STATEMENT_CHANNELS)[number];

export const statementEntrySchema = z.object({
  _id: z.string(),
  statementType: z.enum(STATEMENT_TYPES),
  from: z.string(),
  to: z.string(),
  amount: z.number(),
  status: z.enum(MONEY_STATUSES),
  createdAt: z.string(),
  description: z.string().nullable(),
  /**
   * The description per language where it is a name the operator wrote (a bonus or promotion): the client shows the
   * member's language, else `description` (a code it translates, or text as sent). Added for issue 10.
   */
  localizedDescription: localizedTextSchema.nullable().optional(),
  // Added for issue 9; optional so an answer without them still reads.
  channel: z.enum(STATEMENT_CHANNELS).nullable().optional(),
  /** The QR provider (KBANK, WW, E2P), the member's bank (its code: SCB, …) or the game provider, by channel. */
  provider: z.string().nullable().optional(),
  /** The outside reference the member can quote: QR reference, bank or slip transaction reference, notice id. */
  reference: z.string().nullable().optional(),
  /** The last 4 digits of the member's bank account the money came from or went to; never the whole number. */
  accountSuffix: z.string().nullable().optional(),
  /**
   * Why a finish_bonus row took money (issue 28): the bonus was cancelled, expired, lost (fell below its floor), or
   * completed by a withdrawal (the part above the cap and the bonus wallet's rest). Null on older rows.
   */
  forfeitReason: z.enum(['cancelled', 'expired', 'lost', 'completed']).nullable().optional(),
});
export type StatementEntry = z.infer<typeof statementEntrySchema>;

export const statementBodySchema = pageBodySchema(PAGE_SIZE.statement * 5).extend({
  type: z.enum(STATEMENT_FILTERS, { error: 'INVALID_REQUEST' }).optional(),
});
export type StatementBody = z.infer<typeof statementBodySchema>;

export const statementList = memberCall('POST', '/api/statement', {
  body: statementBodySchema,
  response: z.object({ total: z.number().int(), statements: z.array(statementEntrySchema) }),
});
