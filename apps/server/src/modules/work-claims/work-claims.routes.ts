import type { FastifyInstance } from 'fastify';
import {
  adminClaimMoneyInContract,
  adminClaimMoneyOutContract,
  adminReleaseMoneyInContract,
  adminReleaseMoneyOutContract,
} from '@mekong/contracts/admin/claims';
import { adminRoute } from '@/lib/admin-route.ts';
import type { ApiRouteTable } from '@/lib/contract-route.ts';
import type { WorkClaimsService } from '@/modules/work-claims/work-claims.service.ts';

export function registerWorkClaimRoutes(
  app: FastifyInstance,
  table: ApiRouteTable,
  claims: WorkClaimsService,
) {
  for (const contract of [adminClaimMoneyOutContract, adminClaimMoneyInContract]) {
    adminRoute(app, table, {
      contract,
      handler: ({ params, operator }) => claims.claim(params.queue, params.id, operator.operatorId),
    });
  }
  for (const contract of [adminReleaseMoneyOutContract, adminReleaseMoneyInContract]) {
    adminRoute(app, table, {
      contract,
      handler: async ({ params, operator }) => {
        await claims.release(params.queue, params.id, operator.operatorId);
        return { message: 'OK' as const };
      },
    });
  }
}
