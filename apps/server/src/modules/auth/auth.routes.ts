import type { FastifyInstance } from 'fastify';
import { login, loginBodySchema, logout } from '@mekong/contracts/account';
import type { Config } from '@/config.ts';
import { contractRoute, type ApiRouteTable } from '@/lib/contract-route.ts';
import type { AuthService } from '@/modules/auth/auth.service.ts';
import { sessionOf } from '@/plugins/sessions.ts';

export function registerAuthRoutes(
  app: FastifyInstance,
  routes: ApiRouteTable,
  auth: AuthService,
  config: Config,
) {
  contractRoute(app, routes, {
    contract: login,
    body: loginBodySchema(config.COUNTRY),
    handler: ({ body, request }) =>
      auth.login({
        phone: body.username,
        password: body.password,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      }),
  });

  contractRoute(app, routes, {
    contract: logout,
    handler: async ({ request }) => {
      await auth.logout(sessionOf(request));
      return { message: 'SUCCESS' as const };
    },
  });
}
