import { z } from 'zod';
import { PAGE_SIZE } from './constants.ts';
import { memberCall } from './contract.ts';
import { bannersCall } from './bonus.ts';
import { pagedListCall } from './statement.ts';

/** Refund of losses (docs/spec.md §3 Refund, §7 Refund; docs/design.md#promotions). */

export const refundCheckSchema = z.object({
  /** A refund can be received now. */
  result: z.boolean(),
  /** An active bonus blocks receiving (spec §4: the receive button is disabled). */
  bonus: z.boolean(),
  info: z.object({
    percent: z.number(),
    minimum: z.number(),
    maximum: z.number().nullable(),
    /** The finished week the refund is of (Monday 00:00 to the next Monday, Asia/Bangkok), ISO times. */
    weekStart: z.string(),
    weekEnd: z.string(),
    /** Net game loss of that week counted for the refund (bets − wins, bonus-funded play excluded; ≥ 0). */
    netLoss: z.number(),
    /** Already received for that week. */
    isReceived: z.boolean(),
  }),
  /** Receivable now for the finished week (0 when nothing). */
  refundAmount: z.number(),
  /** Total received so far. */
  refundSuccess: z.number(),
  /** Total offered but not received in its week (lapsed). */
  refundFail: z.number(),
});
export type RefundCheck = z.infer<typeof refundCheckSchema>;

export const refundLogRowSchema = z.object({
  _id: z.string(),
  refundAmount: z.number(),
  createdAt: z.string(),
  weekStart: z.string(),
});
export type RefundLogRow = z.infer<typeof refundLogRowSchema>;

export const refundLog = pagedListCall('/api/refund', PAGE_SIZE.refund, { refunds: z.array(refundLogRowSchema) });

export const refundCheck = memberCall('GET', '/api/refund/check', { response: refundCheckSchema });

const receiveResponse = z.object({
  message: z.literal('REFUND_SUCCESS'),
  refundAmount: z.number(),
  transferId: z.string(),
});

/** Receives last week's refund into the cash wallet, once per week. */
export const refundReceive = memberCall('GET', '/api/refund/receive', { response: receiveResponse });

/** The same receipt, under the spec's second name (docs/decisions/0013-promotions.md). */
export const refundAddWallet = memberCall('GET', '/api/refund/addWallet', { response: receiveResponse });

export const refundBanners = bannersCall('/api/refund/banners');
