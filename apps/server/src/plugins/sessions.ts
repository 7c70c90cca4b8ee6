import fp from 'fastify-plugin';
import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import { AppError } from '@/lib/app-error.ts';
import { bearerOf } from '@/lib/bearer.ts';
import { newSecretToken } from '@/lib/secure-random.ts';
import type { AuthService, Session } from '@/modules/auth/auth.service.ts';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface FastifyRequest {
    session: Session | null;
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface FastifyInstance {
    requireSession: onRequestHookHandler;
    lendSession: (session: Session) => { token: string; end: () => void };
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
    /**
     * Sessions lent to calls this process makes for itself (the member home page's, plugins/member-home-page.ts, which
     * holds a home page key, not the bearer token): a random token, known only in this process, for as long as the
     * drawing takes.
     */
    const lent = new Map<string, Session>();
    app.decorateRequest('session', null);
    app.decorate('lendSession', (session: Session) => {
      const token = newSecretToken();
      lent.set(token, session);
      return { token, end: () => lent.delete(token) };
    });
    app.decorate('requireSession', async function requireSession(request: FastifyRequest) {
      const token = bearerOf(request);
      request.session = (token && lent.get(token)) || (await auth.authenticate(token));
    });
  },
  { name: 'sessions' },
);
