import { z } from 'zod';
import type { QrProvider } from '@mekong/contracts/constants';
import { formatEmvAmount } from '@mekong/contracts/thai-qr';
import type {
  QrCancelOutcome,
  QrCreateOutcome,
  QrCreateRequest,
  QrGateway,
} from '@/adapters/qr/qr-gateway.ts';
import { outsideCallHeaders } from '@/lib/request-context.ts';

export type HttpQrGatewayOptions = { baseUrl: string; apiKey: string; timeoutMs: number };

const created = z.object({
  status: z.literal('success'),
  data: z.object({
    reference: z.string(),
    amountMinor: z.number().int().positive(),
    payload: z.string().min(10).max(512),
    expiresAt: z.iso.datetime({ offset: true }),
  }),
});
const paymentState = z.object({
  status: z.literal('success'),
  data: z.object({ status: z.enum(['pending', 'paid', 'expired', 'cancelled']) }),
});
const errorAnswer = z.object({ status: z.literal('error'), code: z.string() });

/** Talks to a QR gateway over HTTP (the sandbox gateways by default), one base path per provider. */
export function createHttpQrGateway(options: HttpQrGatewayOptions): QrGateway {
  const base = options.baseUrl.replace(/\/+$/, '');

  async function call(path: string, body: unknown): Promise<{ status: number; json: unknown }> {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${options.apiKey}`,
        'content-type': 'application/json',
        ...outsideCallHeaders(),
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    const json: unknown = await response.json().catch(() => undefined);
    return { status: response.status, json };
  }

  return {
    async create(request: QrCreateRequest): Promise<QrCreateOutcome> {
      let answer: { status: number; json: unknown };
      try {
        answer = await call(`/${request.provider}/payments`, {
          reference: request.reference,
          amountMinor: Number(request.amountMinor),
          expiresAt: request.expiresAt.toISOString(),
          callbackUrl: request.callbackUrl,
        });
      } catch (error) {
        return { kind: 'failed', detail: error instanceof Error ? error.name : 'network' };
      }
      const ok = created.safeParse(answer.json);
      if (answer.status !== 200 || !ok.success) {
        const refused = errorAnswer.safeParse(answer.json);
        return {
          kind: 'failed',
          detail: refused.success ? refused.data.code : `HTTP ${answer.status}`,
        };
      }
      // The payload must be for our reference and amount, whatever the gateway says.
      const { data } = ok.data;
      if (
        data.reference !== request.reference ||
        BigInt(data.amountMinor) !== request.amountMinor ||
        !data.payload.includes(request.reference) ||
        !data.payload.includes(formatEmvAmount(request.amountMinor))
      )
        return { kind: 'failed', detail: 'MISMATCH' };
      return { kind: 'created', payload: data.payload, expiresAt: new Date(data.expiresAt) };
    },

    async cancel(provider: QrProvider, reference: string): Promise<QrCancelOutcome> {
      let answer: { status: number; json: unknown };
      try {
        answer = await call(`/${provider}/payments/${encodeURIComponent(reference)}/cancel`, {});
      } catch {
        return 'unknown';
      }
      const error = errorAnswer.safeParse(answer.json);
      if (answer.status === 404 && error.success && error.data.code === 'PAYMENT_NOT_FOUND')
        return 'cancelled';
      if (answer.status === 409 && error.success && error.data.code === 'ALREADY_PAID')
        return 'paid';
      const state = paymentState.safeParse(answer.json);
      if (answer.status !== 200 || !state.success) return 'unknown';
      return state.data.data.status === 'paid' ? 'paid' : 'cancelled';
    },
  };
}
