import fp from 'fastify-plugin';
import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import { AppError } from '@/lib/app-error.ts';
import { bearerOf } from '@/lib/bearer.ts';
import type { AuthService, Session } from '@/modules/auth/auth.service.ts';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface FastifyRequest {
    session: Session | null;
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface FastifyInstance {
    requireSession: onRequestHookHandler;
  }
}

/** The signed-in member of a route that requires a session. */
export function sessionOf(request: FastifyRequest): Session {
  if (!request.session) throw new AppError('UNAUTHORIZED');
  return request.session;
}

/** docs/design.md#members-and-sessions sessions: `app.requireSession` is the onRequest hook of every signed-in call. */
export const sessions = fp<{ auth: AuthService }>(
  async (app, { auth }) => {
    app.decorateRequest('session', null);
    app.decorate('requireSession', async function requireSession(request: FastifyRequest) {
      request.session = await auth.authenticate(bearerOf(request));
    });
  },
  { name: 'sessions' },
);
