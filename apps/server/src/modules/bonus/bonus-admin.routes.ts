import type { FastifyInstance } from 'fastify';
import {
  adminBonusCreateContract,
  adminBonusGetContract,
  adminBonusListContract,
  adminBonusPreviewContract,
  adminBonusPublishContract,
  adminBonusRetireContract,
  adminBonusUpdateContract,
} from '@mekong/contracts/admin/promotions';
import { adminRoute } from '@/lib/admin-route.ts';
import type { ApiRouteTable } from '@/lib/contract-route.ts';
import type { BonusAdminService } from '@/modules/bonus/bonus-admin.service.ts';
import { actorOf } from '@/modules/operators/operator-auth.service.ts';

/** Bonuses and promotion codes in the back office (docs/back-office/promotions.md#bonuses). */
export function registerBonusAdminRoutes(
  app: FastifyInstance,
  table: ApiRouteTable,
  bonuses: BonusAdminService,
) {
  adminRoute(app, table, {
    contract: adminBonusListContract,
    handler: async ({ body }) => ({
      rows: await bonuses.list({
        status: body.status,
        isPromotion: body.kind === undefined ? undefined : body.kind === 'promotion',
        search: body.search || undefined,
      }),
    }),
  });
  adminRoute(app, table, {
    contract: adminBonusGetContract,
    handler: ({ params }) => bonuses.get(params.code),
  });
  adminRoute(app, table, {
    contract: adminBonusCreateContract,
    handler: ({ body, operator }) => bonuses.create(body, actorOf(operator)),
  });
  adminRoute(app, table, {
    contract: adminBonusUpdateContract,
    handler: ({ body, params, operator }) => bonuses.update(params.code, body, actorOf(operator)),
  });
  adminRoute(app, table, {
    contract: adminBonusPublishContract,
    handler: ({ params, operator }) => bonuses.publish(params.code, actorOf(operator)),
  });
  adminRoute(app, table, {
    contract: adminBonusRetireContract,
    handler: ({ params, operator }) => bonuses.retire(params.code, actorOf(operator)),
  });
  adminRoute(app, table, {
    contract: adminBonusPreviewContract,
    handler: ({ body, params }) => bonuses.preview(params.code, body),
  });
}
