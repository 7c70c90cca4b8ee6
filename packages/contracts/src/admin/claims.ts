import { z } from 'zod';
import { textSchema } from '../fields.ts';
import { adminCall, okSchema } from './admin-contract.ts';

/** The queues of the back office (docs/decisions/0014-back-office.md#queues); an item is claimed before it is worked. */
export const moneyOutQueueSchema = z.enum(['withdrawals', 'payouts'], { error: 'ITEM_NOT_FOUND' });
export const moneyInQueueSchema = z.enum(['qr', 'vouchers', 'notices', 'bank-lines', 'slips'], {
  error: 'ITEM_NOT_FOUND',
});
export type MoneyInQueue = z.infer<typeof moneyInQueueSchema>;
export type QueueName = z.infer<typeof moneyOutQueueSchema> | MoneyInQueue;

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

/** Claiming an item of a queue and releasing it; `:queue` is one of `queues`, `permission` what working it needs. */
function claimCalls<TQueues extends typeof moneyOutQueueSchema | typeof moneyInQueueSchema>(
  path: '/api/admin/claims' | '/api/admin/deposit-claims',
  queues: TQueues,
  permission: 'withdrawals.decide' | 'deposits.decide',
) {
  const params = z.object({ queue: queues, id: itemId });
  return {
    claim: adminCall('POST', `${path}/:queue/:id`, { params, response: claimSchema, permission }),
    release: adminCall('POST', `${path}/:queue/:id/release`, {
      params,
      response: okSchema,
      permission,
    }),
  };
}

export const { claim: adminClaimMoneyOutContract, release: adminReleaseMoneyOutContract } =
  claimCalls('/api/admin/claims', moneyOutQueueSchema, 'withdrawals.decide');

export const { claim: adminClaimMoneyInContract, release: adminReleaseMoneyInContract } =
  claimCalls('/api/admin/deposit-claims', moneyInQueueSchema, 'deposits.decide');
