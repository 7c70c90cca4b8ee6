import type { FastifyInstance } from 'fastify';
import {
  homeCookieClear,
  homeCookieSet,
  login,
  loginBodySchema,
  logout,
} from '@mekong/contracts/account';
import { HOME_COOKIE, SESSION_MAX_AGE_MS } from '@mekong/contracts/constants';
import type { Config } from '@/config.ts';
import { contractRoute, type ApiRouteTable } from '@/lib/contract-route.ts';
import type { AuthService } from '@/modules/auth/auth.service.ts';
import { bearerOf } from '@/lib/bearer.ts';
import { sessionOf } from '@/plugins/sessions.ts';

/** The home page cookie (docs/decisions/0021-member-home-page.md): sent only to /user/home, never readable by script. */
function homeCookie(value: string, options: { maxAgeS: number | null; isSecure: boolean }) {
  const lifetime = options.maxAgeS === null ? '' : `; Max-Age=${options.maxAgeS}`;
  const secure = options.isSecure ? '; Secure' : '';
  return `${HOME_COOKIE}=${value}; Path=/user/home; HttpOnly; SameSite=Lax${lifetime}${secure}`;
}

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
    contract: homeCookieSet,
    handler: async ({ body, request, reply }) => {
      const key = await auth.issueHomeKey(sessionOf(request), bearerOf(request) ?? '');
      const maxAgeS = body.isRemembered ? SESSION_MAX_AGE_MS / 1000 : null;
      reply.header(
        'set-cookie',
        homeCookie(key, { maxAgeS, isSecure: request.protocol === 'https' }),
      );
      return { message: 'SUCCESS' as const };
    },
  });

  contractRoute(app, routes, {
    contract: homeCookieClear,
    handler: async ({ request, reply }) => {
      reply.header(
        'set-cookie',
        homeCookie('', { maxAgeS: 0, isSecure: request.protocol === 'https' }),
      );
      return { message: 'SUCCESS' as const };
    },
  });

  contractRoute(app, routes, {
    contract: logout,
    handler: async ({ request, reply }) => {
      await auth.logout(sessionOf(request));
      // The home page's cookie goes with the session it drew for.
      reply.header(
        'set-cookie',
        homeCookie('', { maxAgeS: 0, isSecure: request.protocol === 'https' }),
      );
      return { message: 'SUCCESS' as const };
    },
  });
}
