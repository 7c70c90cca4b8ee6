import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseSlipQr } from '@mekong/contracts/slip-qr';
import { answerCall, error, send } from '../lib/answer.ts';
import { requireBearer } from '../lib/auth.ts';
import type { SandboxContext } from '../lib/context.ts';
import { type SlipStore } from './slip.store.ts';
import { findThaiBank } from './thai-banks.ts';

const verifyBody = z.union([
  z.strictObject({ payload: z.string().min(1).max(500) }),
  z.strictObject({ sendingBank: z.string().min(1).max(10), transRef: z.string().min(1).max(50) }),
]);

/** The slip verification service's API (modelled on the commercial verifiers of docs/design.md#outside-parties). */
export function slipRoutes(ctx: SandboxContext, store: SlipStore) {
  return async (app: FastifyInstance) => {
    app.addHook('preHandler', requireBearer(ctx.secrets.SLIP_API_KEY));

    app.post('/slip/verify', async (request, reply) => {
      const parsed = verifyBody.safeParse(request.body);
      if (!parsed.success) return send(reply, error(400, 'INVALID_PARAMS'));
      let sendingBank: string;
      let transRef: string;
      if ('payload' in parsed.data) {
        const read = parseSlipQr(parsed.data.payload);
        if (!read.ok) return send(reply, error(400, 'INVALID_PAYLOAD', { reason: read.error }));
        ({ sendingBank, transRef } = read.slip);
      } else {
        const bank = findThaiBank(parsed.data.sendingBank);
        if (!bank) return send(reply, error(400, 'INVALID_PARAMS', { field: 'sendingBank' }));
        sendingBank = bank.code;
        transRef = parsed.data.transRef;
      }
      return answerCall(ctx, store.rawFaults(), reply, () => store.verify(sendingBank, transRef));
    });
  };
}
