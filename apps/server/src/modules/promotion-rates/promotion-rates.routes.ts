import type { FastifyInstance } from 'fastify';
import {
  adminInviteRateContract,
  adminRatesGetContract,
  adminRefundRateContract,
} from '@mekong/contracts/admin/promotions-wheel';
import { adminRoute } from '@/lib/admin-route.ts';
import type { ApiRouteTable } from '@/lib/contract-route.ts';
import { actorOf } from '@/modules/operators/operator-auth.service.ts';
import type { PromotionRatesService } from '@/modules/promotion-rates/promotion-rates.service.ts';

export function registerPromotionRatesRoutes(
  app: FastifyInstance,
  table: ApiRouteTable,
  rates: PromotionRatesService,
) {
  adminRoute(app, table, { contract: adminRatesGetContract, handler: () => rates.rates() });
  adminRoute(app, table, {
    contract: adminRefundRateContract,
    handler: ({ body, operator }) => rates.saveRefund(body, actorOf(operator)),
  });
  adminRoute(app, table, {
    contract: adminInviteRateContract,
    handler: ({ body, operator }) => rates.saveInvite(body, actorOf(operator)),
  });
}
