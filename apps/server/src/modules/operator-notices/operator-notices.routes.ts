import type { FastifyInstance } from 'fastify';
import {
  adminNoticesListContract,
  adminNoticesReadContract,
} from '@mekong/contracts/admin/notices';
import { adminRoute } from '@/lib/admin-route.ts';
import type { ApiRouteTable } from '@/lib/contract-route.ts';
import { createOperatorNoticesService } from '@/modules/operator-notices/operator-notices.service.ts';

export function registerOperatorNoticesRoutes(app: FastifyInstance, table: ApiRouteTable): void {
  const notices = createOperatorNoticesService(app.deps.db.kysely, app.deps.clock);
  adminRoute(app, table, {
    contract: adminNoticesListContract,
    handler: ({ operator }) => notices.list(operator.operatorId),
  });
  adminRoute(app, table, {
    contract: adminNoticesReadContract,
    handler: async ({ operator }) => {
      await notices.markRead(operator.operatorId);
      return { message: 'OK' as const };
    },
  });
}
