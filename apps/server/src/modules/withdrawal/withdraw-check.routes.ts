import type { FastifyInstance } from 'fastify';
import { toMinor } from '@mekong/contracts/money';
import { walletWithdrawCheck } from '@mekong/contracts/waiting-money';
import { contractRoute, type ApiRouteTable } from '@/lib/contract-route.ts';
import type { WithdrawCheckService } from '@/modules/withdrawal/withdraw-check.service.ts';
import { sessionOf } from '@/plugins/sessions.ts';

export function registerWithdrawCheckRoutes(
  app: FastifyInstance,
  routes: ApiRouteTable,
  service: WithdrawCheckService,
) {
  contractRoute(app, routes, {
    contract: walletWithdrawCheck,
    handler: ({ body, request }) =>
      service.check(sessionOf(request).memberId, toMinor(body.amount)),
  });
}
