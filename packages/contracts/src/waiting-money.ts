import { z } from 'zod';
import { memberCall } from './contract.ts';
import { STATEMENT_CHANNELS } from './statement.ts';
import { withdrawBodySchema } from './wallet.ts';

/**
 * Money that waits for an operator (issue 28, docs/decisions/0025-waiting-money.md): a payment that arrived but is
 * held (a QR paid with another amount, a gift voucher that failed a rule, a deposit notice), and a withdrawal above the
 * automatic payout limit. Each is listed while it waits and for a day after its decision, so the app can tell the
 * member the outcome.
 */

/** credit: money in, held; payout: a withdrawal waiting for approval. */
export const WAITING_KINDS = ['credit', 'payout'] as const;
export type WaitingKind = (typeof WAITING_KINDS)[number];

/** waiting: nobody decided yet; sending: approved, the bank is paying it; the rest are final. */
export const WAITING_STATES = ['waiting', 'sending', 'credited', 'paid', 'refused'] as const;
export type WaitingState = (typeof WAITING_STATES)[number];

export const waitingItemSchema = z.object({
  id: z.string(),
  kind: z.enum(WAITING_KINDS),
  channel: z.enum(STATEMENT_CHANNELS),
  /** Baht (or kip) as every amount the member app reads. */
  amount: z.number(),
  currency: z.string(),
  /** A short reference the member can quote to support. */
  reference: z.string().nullable(),
  state: z.enum(WAITING_STATES),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type WaitingItem = z.infer<typeof waitingItemSchema>;

/**
 * The usual time from arrival to an operator's decision, in seconds: the median of the last decisions of that kind;
 * null when there is no history to say it from (and, in the waiting list, for a kind the member has no item of).
 */
export const usualWaitSchema = z.number().int().nonnegative().nullable();

export const waitingMoneyResponseSchema = z.object({
  items: z.array(waitingItemSchema),
  usualWaitSeconds: z.object({ credit: usualWaitSchema, payout: usualWaitSchema }),
});
export type WaitingMoneyResponse = z.infer<typeof waitingMoneyResponseSchema>;

/** GET /api/wallet/waiting: the member's money waiting for an operator, and what was decided in the last day. */
export const walletWaiting = memberCall('GET', '/api/wallet/waiting', {
  response: waitingMoneyResponseSchema,
});

/**
 * POST /api/wallet/withdraw/check: whether a withdrawal of this amount would wait for an operator, by the rule the
 * withdrawal itself applies (the auto-payout limit, a payout account changed in the last day), and the usual wait.
 */
export const walletWithdrawCheck = memberCall('POST', '/api/wallet/withdraw/check', {
  body: withdrawBodySchema,
  response: z.object({ isOperatorNeeded: z.boolean(), usualWaitSeconds: usualWaitSchema }),
});
