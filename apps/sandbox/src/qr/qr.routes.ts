import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { BILL_REFERENCE } from '@mekong/contracts/thai-qr';
import { answerCall, error, send } from '../lib/answer.ts';
import { requireBearer } from '../lib/auth.ts';
import type { SandboxContext } from '../lib/context.ts';
import { findQrGateway, type QrGatewayCode, type QrStore } from './qr.store.ts';

/** EMV tag 54 holds at most 13 characters: 9999999999.99. */
export const QR_MAX_AMOUNT_MINOR = 999_999_999_999;

const createBody = z.object({
  reference: z.string().regex(BILL_REFERENCE),
  amountMinor: z.number().int().positive().max(QR_MAX_AMOUNT_MINOR),
  expiresAt: z.iso.datetime({ offset: true }),
  callbackUrl: z.url({ protocol: /^https?$/ }),
});

/** The QR gateways' own API: create a dynamic Thai QR, read its status, cancel it. */
export function qrRoutes(ctx: SandboxContext, store: QrStore) {
  return async (app: FastifyInstance) => {
    app.addHook('preHandler', requireBearer(ctx.secrets.QR_API_KEY));

    const gatewayOf = (params: unknown): QrGatewayCode | undefined =>
      findQrGateway((params as { provider: string }).provider)?.code;

    app.post('/qr/:provider/payments', async (request, reply) => {
      const provider = gatewayOf(request.params);
      if (!provider) return send(reply, error(404, 'PROVIDER_NOT_FOUND'));
      const parsed = createBody.safeParse(request.body);
      if (!parsed.success)
        return send(
          reply,
          error(400, 'INVALID_PARAMS', { field: parsed.error.issues[0]?.path.join('.') }),
        );
      return answerCall(ctx, store.faultsOf(provider), reply, () =>
        store.create(provider, parsed.data),
      );
    });

    // Latency only, never failed: it is how the caller settles what happened.
    app.get('/qr/:provider/payments/:reference', async (request, reply) => {
      const provider = gatewayOf(request.params);
      if (!provider) return send(reply, error(404, 'PROVIDER_NOT_FOUND'));
      const faults = store.faultsOf(provider);
      if (faults.latencyMs > 0) await ctx.hangs.wait(faults.latencyMs);
      return send(
        reply,
        store.status(provider, (request.params as { reference: string }).reference),
      );
    });

    app.post('/qr/:provider/payments/:reference/cancel', async (request, reply) => {
      const provider = gatewayOf(request.params);
      if (!provider) return send(reply, error(404, 'PROVIDER_NOT_FOUND'));
      return answerCall(ctx, store.faultsOf(provider), reply, () =>
        store.cancel(provider, (request.params as { reference: string }).reference),
      );
    });
  };
}
