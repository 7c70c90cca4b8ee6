import type { FastifyInstance } from 'fastify';
import { adminAuditListContract, adminAuditVerifyContract } from '@mekong/contracts/admin/audit';
import { adminRoute } from '@/lib/admin-route.ts';
import type { ApiRouteTable } from '@/lib/contract-route.ts';
import { auditCheckOf, searchAudit, verifyAuditChain } from '@/modules/audit/audit.service.ts';

export function registerAuditRoutes(app: FastifyInstance, table: ApiRouteTable): void {
  const db = app.deps.db.kysely;
  adminRoute(app, table, {
    contract: adminAuditListContract,
    handler: ({ body }) =>
      searchAudit(
        db,
        {
          operator: body.operator,
          action: body.action,
          targetType: body.targetType,
          targetId: body.targetId,
          from: body.from ? new Date(body.from) : undefined,
          to: body.to ? new Date(body.to) : undefined,
        },
        { page: body.page, limit: body.limit },
      ),
  });
  adminRoute(app, table, {
    contract: adminAuditVerifyContract,
    handler: () => verifyAuditChain(db, auditCheckOf(app.deps.config)),
  });
}
