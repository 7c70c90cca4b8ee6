import type { FastifyInstance } from 'fastify';
import {
  adminGuardsGetContract,
  adminGuardsSaveContract,
  adminInviteRefuseContract,
  adminInviteReleaseContract,
  adminInviteReviewsContract,
} from '@mekong/contracts/admin/promotions-play';
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
  adminRoute(app, table, { contract: adminGuardsGetContract, handler: () => rates.guards() });
  adminRoute(app, table, {
    contract: adminGuardsSaveContract,
    handler: ({ body, operator }) => rates.saveGuards(body, actorOf(operator)),
  });
  adminRoute(app, table, {
    contract: adminInviteReviewsContract,
    handler: ({ body }) => rates.reviews.list(body.status),
  });
  adminRoute(app, table, {
    contract: adminInviteReleaseContract,
    handler: ({ params, body, operator }) =>
      rates.reviews.release(params.id, body.reason, actorOf(operator)),
  });
  adminRoute(app, table, {
    contract: adminInviteRefuseContract,
    handler: ({ params, body, operator }) =>
      rates.reviews.refuse(params.id, body.reason, actorOf(operator)),
  });
}
