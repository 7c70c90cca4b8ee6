import type { FastifyInstance } from 'fastify';
import {
  adminCoinRuleContract,
  adminWheelActivateContract,
  adminWheelDeactivateContract,
  adminWheelGetContract,
  adminWheelSaveContract,
} from '@mekong/contracts/admin/promotions-wheel';
import { adminRoute } from '@/lib/admin-route.ts';
import type { ApiRouteTable } from '@/lib/contract-route.ts';
import { actorOf } from '@/modules/operators/operator-auth.service.ts';
import type { SpinwheelAdminService } from '@/modules/spinwheel/spinwheel-admin.service.ts';

/** The prize wheel in the back office (docs/back-office/promotions.md#wheel). */
export function registerSpinwheelAdminRoutes(
  app: FastifyInstance,
  table: ApiRouteTable,
  wheel: SpinwheelAdminService,
) {
  adminRoute(app, table, { contract: adminWheelGetContract, handler: () => wheel.get() });
  adminRoute(app, table, {
    contract: adminWheelSaveContract,
    handler: ({ body, operator }) => wheel.save(body, actorOf(operator)),
  });
  adminRoute(app, table, {
    contract: adminWheelActivateContract,
    handler: ({ operator }) => wheel.setActive(true, actorOf(operator)),
  });
  adminRoute(app, table, {
    contract: adminWheelDeactivateContract,
    handler: ({ operator }) => wheel.setActive(false, actorOf(operator)),
  });
  adminRoute(app, table, {
    contract: adminCoinRuleContract,
    handler: ({ body, operator }) => wheel.setCoinPrice(body.coinPriceMinor, actorOf(operator)),
  });
}
