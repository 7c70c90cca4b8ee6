import type { FastifyInstance } from 'fastify';
import { walletWaiting } from '@mekong/contracts/waiting-money';
import { contractRoute, type ApiRouteTable } from '@/lib/contract-route.ts';
import type { WaitingMoneyService } from '@/modules/statement/waiting-money.service.ts';
import { sessionOf } from '@/plugins/sessions.ts';

export function registerWaitingMoneyRoutes(
  app: FastifyInstance,
  routes: ApiRouteTable,
  service: WaitingMoneyService,
) {
  contractRoute(app, routes, {
    contract: walletWaiting,
    handler: ({ request }) => service.list(sessionOf(request).memberId),
  });
}
