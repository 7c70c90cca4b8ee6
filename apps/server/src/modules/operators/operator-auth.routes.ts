import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  adminEnrolConfirmContract,
  adminEnrolStartContract,
  adminMeContract,
  adminReauthContract,
  adminSetOwnPasswordContract,
  adminSignInContract,
  adminSignOutContract,
  adminTotpContract,
} from '@mekong/contracts/admin/auth';
import { adminRoute } from '@/lib/admin-route.ts';
import { contractRoute, type ApiRouteTable } from '@/lib/contract-route.ts';
import { profileOf, type OperatorAuthService } from '@/modules/operators/operator-auth.service.ts';

function clientOf(request: FastifyRequest) {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof agent === 'string' ? agent.slice(0, 300) : null };
}

export function registerOperatorAuthRoutes(
  app: FastifyInstance,
  table: ApiRouteTable,
  auth: OperatorAuthService,
): void {
  contractRoute(app, table, {
    contract: adminSignInContract,
    handler: ({ body, request }) => auth.signIn(body.username, body.password, clientOf(request)),
  });
  contractRoute(app, table, {
    contract: adminSetOwnPasswordContract,
    handler: ({ body, request }) =>
      auth.setOwnPassword(body.challengeToken, body.newPassword, clientOf(request)),
  });
  contractRoute(app, table, {
    contract: adminEnrolStartContract,
    handler: ({ body }) => auth.startEnrolment(body.challengeToken),
  });
  contractRoute(app, table, {
    contract: adminEnrolConfirmContract,
    handler: ({ body, request }) =>
      auth.confirmEnrolment(body.challengeToken, body.code, clientOf(request)),
  });
  contractRoute(app, table, {
    contract: adminTotpContract,
    handler: ({ body, request }) =>
      auth.verifySecondFactor(body.challengeToken, body.code, clientOf(request)),
  });
  adminRoute(app, table, {
    contract: adminReauthContract,
    handler: ({ body, operator }) => auth.reauthenticate(operator, body.password, body.code),
  });
  adminRoute(app, table, {
    contract: adminMeContract,
    handler: async ({ operator }) => ({
      operator: profileOf({
        id: operator.operatorId,
        username: operator.username,
        display_name: operator.displayName,
        role: operator.role,
      }),
      reauthValidUntil: auth.reauthValidUntil(operator)?.toISOString() ?? null,
    }),
  });
  adminRoute(app, table, {
    contract: adminSignOutContract,
    handler: async ({ operator }) => {
      await auth.signOut(operator);
      return { message: 'OK' as const };
    },
  });
}
