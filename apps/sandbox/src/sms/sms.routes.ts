import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireBearer } from '../lib/auth.ts';
import type { SandboxContext } from '../lib/context.ts';
import { sendError } from '../lib/errors.ts';
import {
  SMS_MODES,
  SMS_TIMEOUT_HANG_MS,
  isValidMsisdn,
  type SmsStore,
} from './sms.store.ts';

const modeBody = z.object({ mode: z.enum(SMS_MODES) });
const sendBody = z.object({ msisdn: z.string(), message: z.string().min(1).max(1000) });

/** The ThaiBulkSMS-style one-time-code gateway (docs/design.md#outside-parties) plus the sandbox's outbox and mode switch. */
export function smsRoutes(ctx: SandboxContext, store: SmsStore) {
  return async (app: FastifyInstance) => {
    const gateway = async (app: FastifyInstance) => {
      app.addHook('preHandler', requireBearer(ctx.secrets.SMS_API_KEY));
      // The switched-on fault applies after authentication, like a real gateway failing behind its front door.
      app.addHook('preHandler', async (_request, reply) => {
        const mode = store.getMode();
        if (mode === 'error') return sendError(reply, 500, 'INTERNAL_ERROR');
        if (mode === 'timeout') {
          await ctx.hangs.wait(SMS_TIMEOUT_HANG_MS);
          return sendError(reply, 504, 'GATEWAY_TIMEOUT');
        }
      });

      app.post('/sms/v2/otp/request', async (request, reply) => {
        const msisdn = (request.body as { msisdn?: unknown } | null)?.msisdn;
        if (!isValidMsisdn(msisdn)) return sendError(reply, 400, 'INVALID_MSISDN');
        return { status: 'success', data: store.request(msisdn) };
      });

      app.post('/sms/v2/sms', async (request, reply) => {
        const parsed = sendBody.safeParse(request.body);
        if (!parsed.success || !isValidMsisdn(parsed.data.msisdn))
          return sendError(reply, 400, parsed.success ? 'INVALID_MSISDN' : 'INVALID_MESSAGE');
        store.send(parsed.data.msisdn, parsed.data.message);
        return { status: 'success' };
      });

      app.post('/sms/v2/otp/verify', async (request, reply) => {
        const body = (request.body ?? {}) as { token?: unknown; pin?: unknown };
        if (typeof body.token !== 'string' || body.token === '')
          return sendError(reply, 404, 'TOKEN_NOT_FOUND');
        const result = store.verify(body.token, typeof body.pin === 'string' ? body.pin : '');
        if (result === 'success') return { status: 'success' };
        return sendError(reply, result === 'TOKEN_NOT_FOUND' ? 404 : 400, result);
      });
    };
    await app.register(gateway);

    app.get('/sms/outbox', async (request) => {
      const { phone } = request.query as { phone?: string };
      return store.list(phone || undefined);
    });

    app.get('/sandbox/sms/mode', async () => ({ mode: store.getMode() }));
    app.post('/sandbox/sms/mode', async (request, reply) => {
      const parsed = modeBody.safeParse(request.body);
      if (!parsed.success) return sendError(reply, 400, 'INVALID_MODE');
      store.setMode(parsed.data.mode);
      return { mode: store.getMode() };
    });
    app.post('/sandbox/sms/reset', async () => {
      store.clear();
      return { status: 'success' };
    });
  };
}
