import type { FastifyInstance, FastifyRequest } from 'fastify';
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

/**
 * The home page cookie (docs/decisions/0021-member-home-page.md): sent only to /user/home, never readable by script;
 * 30 days when remembered (the server's longest session), else until the browser closes, as the token is kept.
 */
function homeCookie(request: FastifyRequest, value: string, lifetime: string) {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  return `${HOME_COOKIE}=${value}; Path=/user/home; HttpOnly; SameSite=Lax${lifetime}${secure}`;
}

const homeCookieOf = (request: FastifyRequest, homeKey: string, isRemembered: boolean) =>
  homeCookie(request, homeKey, isRemembered ? `; Max-Age=${SESSION_MAX_AGE_MS / 1000}` : '');

const homeCookieGone = (request: FastifyRequest) => homeCookie(request, '', '; Max-Age=0');

export function registerAuthRoutes(
  app: FastifyInstance,
  routes: ApiRouteTable,
  auth: AuthService,
  config: Config,
) {
  contractRoute(app, routes, {
    contract: login,
    body: loginBodySchema(config.COUNTRY),
    handler: async ({ body, request, reply }) => {
      const { token, homeKey } = await auth.login({
        phone: body.username,
        password: body.password,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      });
      // The sign-in's answer sets the home page cookie itself: no call of its own after signing in.
      reply.header('set-cookie', homeCookieOf(request, homeKey, body.isRemembered === true));
      return { token };
    },
  });

  contractRoute(app, routes, {
    contract: homeCookieSet,
    handler: async ({ body, request, reply }) => {
      const key = await auth.issueHomeKey(sessionOf(request), bearerOf(request) ?? '');
      reply.header('set-cookie', homeCookieOf(request, key, body.isRemembered));
      return { message: 'SUCCESS' as const };
    },
  });

  contractRoute(app, routes, {
    contract: homeCookieClear,
    handler: async ({ request, reply }) => {
      reply.header('set-cookie', homeCookieGone(request));
      return { message: 'SUCCESS' as const };
    },
  });

  contractRoute(app, routes, {
    contract: logout,
    handler: async ({ request, reply }) => {
      await auth.logout(sessionOf(request));
      // The home page's cookie goes with the session it drew for.
      reply.header('set-cookie', homeCookieGone(request));
      return { message: 'SUCCESS' as const };
    },
  });
}
