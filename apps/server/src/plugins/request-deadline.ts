import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sendCode } from '@/plugins/error-envelope.ts';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface FastifyRequest {
    deadlineTimer: NodeJS.Timeout | null;
  }
}

/** Answers SERVICE_UNAVAILABLE when a request is not answered within the time-out (docs/spec.md §9: 60 s). */
export const requestDeadline = fp<{ timeoutMs: number }>(
  async (app, { timeoutMs }) => {
    app.decorateRequest('deadlineTimer', null);
    app.addHook('onRequest', async (request, reply) => {
      request.deadlineTimer = setTimeout(() => {
        if (!reply.sent) {
          request.log.warn({ timeoutMs }, 'request deadline passed');
          void sendCode(reply, 'SERVICE_UNAVAILABLE');
        }
      }, timeoutMs);
      request.deadlineTimer.unref();
    });
    const clear = async (request: { deadlineTimer: NodeJS.Timeout | null }) => {
      if (request.deadlineTimer) clearTimeout(request.deadlineTimer);
      request.deadlineTimer = null;
    };
    app.addHook('onResponse', clear);
    app.addHook('onRequestAbort', clear);
  },
  { name: 'request-deadline' },
);

/**
 * Gives every call of `context` (an upload) its own longer deadline instead of the common one (docs/spec.md §9: slip
 * and chat uploads 300 s).
 */
export function extendDeadline(context: FastifyInstance, timeoutMs: number): void {
  context.addHook('onRequest', async (request, reply) => {
    if (request.deadlineTimer) clearTimeout(request.deadlineTimer);
    request.deadlineTimer = setTimeout(() => {
      if (!reply.sent) void sendCode(reply, 'SERVICE_UNAVAILABLE');
    }, timeoutMs);
    request.deadlineTimer.unref();
  });
}
