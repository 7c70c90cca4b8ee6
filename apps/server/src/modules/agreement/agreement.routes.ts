import type { FastifyInstance } from 'fastify';
import { agreementAccept, agreementStatus } from '@mekong/contracts/agreement';
import { contractRoute, type ApiRouteTable } from '@/lib/contract-route.ts';
import type { AgreementService } from '@/modules/agreement/agreement.service.ts';
import { sessionOf } from '@/plugins/sessions.ts';

export function registerAgreementRoutes(
  app: FastifyInstance,
  routes: ApiRouteTable,
  agreements: AgreementService,
) {
  contractRoute(app, routes, {
    contract: agreementStatus,
    handler: ({ request }) => agreements.status(sessionOf(request).memberId),
  });
  contractRoute(app, routes, {
    contract: agreementAccept,
    handler: ({ body, request }) => agreements.accept(sessionOf(request).memberId, body.version),
  });
}
