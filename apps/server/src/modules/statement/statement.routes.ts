import type { FastifyInstance } from 'fastify';
import { statementList } from '@mekong/contracts/statement';
import { contractRoute, type ApiRouteTable } from '@/lib/contract-route.ts';
import { toStatementEntry } from '@/modules/statement/statement-mapping.ts';
import type { StatementService } from '@/modules/statement/statement.service.ts';
import { sessionOf } from '@/plugins/sessions.ts';

export function registerStatementRoutes(
  app: FastifyInstance,
  routes: ApiRouteTable,
  statement: StatementService,
) {
  contractRoute(app, routes, {
    contract: statementList,
    handler: async ({ body, request }) => {
      const { total, transfers, context } = await statement.list(sessionOf(request).memberId, body);
      // Amounts leave the server in baht here (docs/design.md#amounts).
      return { total, statements: transfers.map((t) => toStatementEntry(t, context)) };
    },
  });
}
