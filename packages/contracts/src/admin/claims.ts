import { z } from 'zod';
import { textSchema } from '../fields.ts';
import { adminCall } from './admin-contract.ts';

/** The queues of the back office (docs/decisions/0014-back-office.md#queues); an item is claimed before it is worked. */
export const moneyOutQueueSchema = z.enum(['withdrawals', 'payouts'], { error: 'ITEM_NOT_FOUND' });
export const moneyInQueueSchema = z.enum(['qr', 'vouchers', 'notices', 'bank-lines', 'slips'], {
  error: 'ITEM_NOT_FOUND',
});
export type QueueName = z.infer<typeof moneyOutQueueSchema> | z.infer<typeof moneyInQueueSchema>;

const itemId = textSchema('ITEM_NOT_FOUND')
  .min(1, { error: 'ITEM_NOT_FOUND' })
  .max(100, { error: 'ITEM_NOT_FOUND' });

export const claimSchema = z.object({
  queue: z.string(),
  itemId: z.string(),
  claimedBy: z.string(),
  isMine: z.boolean(),
  expiresAt: z.string(),
});
export type Claim = z.infer<typeof claimSchema>;

export const adminClaimMoneyOutContract = adminCall('POST', '/api/admin/claims/:queue/:id', {
  params: z.object({ queue: moneyOutQueueSchema, id: itemId }),
  response: claimSchema,
  permission: 'withdrawals.decide',
});

export const adminReleaseMoneyOutContract = adminCall(
  'POST',
  '/api/admin/claims/:queue/:id/release',
  {
    params: z.object({ queue: moneyOutQueueSchema, id: itemId }),
    response: z.object({ message: z.literal('OK') }),
    permission: 'withdrawals.decide',
  },
);

export const adminClaimMoneyInContract = adminCall('POST', '/api/admin/deposit-claims/:queue/:id', {
  params: z.object({ queue: moneyInQueueSchema, id: itemId }),
  response: claimSchema,
  permission: 'deposits.decide',
});

export const adminReleaseMoneyInContract = adminCall(
  'POST',
  '/api/admin/deposit-claims/:queue/:id/release',
  {
    params: z.object({ queue: moneyInQueueSchema, id: itemId }),
    response: z.object({ message: z.literal('OK') }),
    permission: 'deposits.decide',
  },
);
