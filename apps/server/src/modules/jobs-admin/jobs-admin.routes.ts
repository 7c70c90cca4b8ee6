import type { FastifyInstance } from 'fastify';
import { adminJobRetryContract, adminJobsListContract } from '@mekong/contracts/admin/jobs';
import { adminRoute } from '@/lib/admin-route.ts';
import type { ApiRouteTable } from '@/lib/contract-route.ts';
import type { JobsAdminService } from '@/modules/jobs-admin/jobs-admin.service.ts';

export function registerJobsAdminRoutes(
  app: FastifyInstance,
  table: ApiRouteTable,
  jobs: JobsAdminService,
): void {
  adminRoute(app, table, { contract: adminJobsListContract, handler: () => jobs.list() });
  adminRoute(app, table, {
    contract: adminJobRetryContract,
    handler: async ({ params, operator }) => {
      await jobs.retry(operator, params.id);
      return { message: 'OK' as const };
    },
  });
}
