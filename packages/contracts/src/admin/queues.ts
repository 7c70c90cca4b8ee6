import { z } from 'zod';
import { adminCall, idParams } from './admin-contract.ts';

/**
 * Triage of the back office's queues (docs/back-office/triage.md): how many items wait in each, and the risk signals
 * of one held withdrawal.
 */

const count = z.number().int().min(0);

/** The money-in queues whose items the system itself refused as duplicates, kept apart from those a person decides. */
export const queueOriginSchema = z.enum(['person', 'system'], { error: 'INVALID_REQUEST' });
export type QueueOrigin = z.infer<typeof queueOriginSchema>;

export const queueCountsSchema = z.object({
  /** Open items that need a person, per queue (money-in queues by their tab name). */
  needsPerson: z.object({
    withdrawals: count,
    payouts: count,
    qr: count,
    vouchers: count,
    notices: count,
    'bank-lines': count,
    slips: count,
  }),
  /** Open items the system refused as duplicates (a slip or bank transfer already credited). */
  refusedBySystem: z.object({ 'bank-lines': count, slips: count }),
});
export type QueueCounts = z.infer<typeof queueCountsSchema>;

/** Every queue's count in one call, refreshed with the queues (queues.read: a role without it gets 403). */
export const adminQueueCountsContract = adminCall('GET', '/api/admin/queues/counts', {
  response: queueCountsSchema,
  permission: 'queues.read',
});

/** Why another member looks linked to this one: the promotions' shared-trait rule (docs/back-office/triage.md). */
export const linkTraitSchema = z.enum(['address', 'device', 'accountName']);
export type LinkTrait = z.infer<typeof linkTraitSchema>;

export const withdrawalRiskSchema = z.object({
  memberId: z.string(),
  memberSince: z.string(),
  /** Whole days since the member registered. */
  accountAgeDays: count,
  /** Every deposit ever credited to the member, and every stake of their bet records. */
  depositsMinor: z.number(),
  turnoverMinor: z.number(),
  /** Other members sharing an address, a device or the bank-account name; the first ten, and how many in all. */
  linked: z.array(
    z.object({
      id: z.string(),
      publicId: z.string(),
      phone: z.string(),
      name: z.string(),
      traits: z.array(linkTraitSchema),
    }),
  ),
  linkedTotal: count,
});
export type WithdrawalRisk = z.infer<typeof withdrawalRiskSchema>;

/** The risk signals of one withdrawal, shown beside its approve button (one record read: not audited). */
export const adminWithdrawalRiskContract = adminCall('GET', '/api/admin/withdrawals/:id/risk', {
  params: idParams,
  response: withdrawalRiskSchema,
  permission: 'queues.read',
});
