import type { FastifyInstance } from 'fastify';
import { adminQueueCountsContract } from '@mekong/contracts/admin/queues';
import { adminRoute } from '@/lib/admin-route.ts';
import type { ApiRouteTable } from '@/lib/contract-route.ts';
import type { MoneyInCounts } from '@/modules/admin-deposits/admin-deposits.routes.ts';

/** What each queue's owner answers: how many of its open items wait. */
export type QueueCounters = {
  withdrawals: () => Promise<number>;
  payouts: () => Promise<number>;
  moneyIn: MoneyInCounts;
};

/**
 * Every queue's count in one call (docs/back-office/triage.md): the back office shows them on the queue tabs and in
 * the menu, refreshed with the queues. The counts come from the queues' own lists, so a tab never disagrees with them.
 */
export function registerQueueCountRoutes(
  app: FastifyInstance,
  table: ApiRouteTable,
  counters: QueueCounters,
): void {
  adminRoute(app, table, {
    contract: adminQueueCountsContract,
    handler: async () => {
      const [withdrawals, payouts, moneyIn] = await Promise.all([
        counters.withdrawals(),
        counters.payouts(),
        counters.moneyIn(),
      ]);
      return {
        needsPerson: { withdrawals, payouts, ...moneyIn.needsPerson },
        refusedBySystem: moneyIn.refusedBySystem,
      };
    },
  });
}
