import { z } from 'zod';
import { SLIP_TRANS_REF } from '@mekong/contracts/slip-qr';
import {
  BankGatewayError,
  type BankGateway,
  type IncomingPage,
  type PayoutOutcome,
  type PayoutStatus,
} from '@/adapters/bank/bank-gateway.ts';
import { outsideCallHeaders } from '@/lib/request-context.ts';

export type HttpBankGatewayOptions = { baseUrl: string; apiKey: string; timeoutMs: number };

const currency = z.enum(['THB', 'LAK']);
const minor = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);

const payoutSuccess = z.object({
  status: z.literal('success'),
  reference: z.string(),
  amountMinor: minor,
});
const errorAnswer = z.object({ status: z.literal('error'), code: z.string().min(1).max(100) });
const statusAnswer = z.discriminatedUnion('status', [
  z.object({ status: z.literal('success'), reference: z.string(), amountMinor: minor.optional() }),
  z.object({ status: z.literal('failed'), reference: z.string(), code: z.string().optional() }),
  z.object({ status: z.literal('not_found'), reference: z.string() }),
]);
const incomingAnswer = z.object({
  status: z.literal('success'),
  cursor: z.string().min(1).max(500),
  transfers: z.array(
    z.object({
      reference: z.string().min(1).max(100),
      transRef: z.string().regex(SLIP_TRANS_REF).nullish(),
      sendingBank: z
        .string()
        .regex(/^\d{3}$/)
        .nullish(),
      fromBankCode: z.string().min(1).max(20),
      fromAccountNo: z.string().min(1).max(30),
      fromAccountName: z.string().max(200).nullable(),
      toAccountNo: z.string().max(30).nullable(),
      amountMinor: minor.positive(),
      currency,
      receivedAt: z.iso.datetime({ offset: true }),
    }),
  ),
});

/**
 * HTTP statuses whose error answer means "refused, nothing done": 4xx, except 408 (time-out), 409 (the reference
 * exists with other details: something was paid under it) and 429 (try again), which stay unknown.
 */
function isDefiniteRefusal(status: number): boolean {
  return status >= 400 && status < 500 && status !== 408 && status !== 409 && status !== 429;
}

/** Talks to the bank over HTTP (the sandbox bank by default). */
export function createHttpBankGateway(options: HttpBankGatewayOptions): BankGateway {
  const base = options.baseUrl.replace(/\/+$/, '');
  const headers = { authorization: `Bearer ${options.apiKey}` };

  async function call(
    path: string,
    init: { method: 'GET' | 'POST'; body?: unknown },
  ): Promise<{ status: number; json: unknown }> {
    const response = await fetch(`${base}${path}`, {
      method: init.method,
      headers: {
        ...headers,
        ...outsideCallHeaders(),
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    const json: unknown = await response.json().catch(() => undefined);
    return { status: response.status, json };
  }

  return {
    async payout(request): Promise<PayoutOutcome> {
      let answer: { status: number; json: unknown };
      try {
        answer = await call('/payouts', {
          method: 'POST',
          body: {
            reference: request.reference,
            bankCode: request.bankCode,
            accountNo: request.accountNo,
            accountName: request.accountName,
            amountMinor: Number(request.amountMinor),
            currency: request.currency,
          },
        });
      } catch (error) {
        return { kind: 'unknown', detail: `payout call failed: ${String(error)}` };
      }
      const { status, json } = answer;
      if (status === 200) {
        const ok = payoutSuccess.safeParse(json);
        // A success for another reference or amount is not an answer we can trust either way.
        if (
          ok.success &&
          ok.data.reference === request.reference &&
          BigInt(ok.data.amountMinor) === request.amountMinor
        )
          return { kind: 'success' };
        return { kind: 'unknown', detail: `unreadable success answer: ${JSON.stringify(json)}` };
      }
      const refusal = errorAnswer.safeParse(json);
      if (refusal.success && isDefiniteRefusal(status))
        return { kind: 'failed', code: refusal.data.code };
      return { kind: 'unknown', detail: `payout answered ${status}: ${JSON.stringify(json)}` };
    },

    async payoutStatus(reference): Promise<PayoutStatus> {
      let answer: { status: number; json: unknown };
      try {
        answer = await call(`/payouts/${encodeURIComponent(reference)}`, { method: 'GET' });
      } catch (error) {
        return { kind: 'unknown', detail: `status call failed: ${String(error)}` };
      }
      const parsed = statusAnswer.safeParse(answer.json);
      if (answer.status !== 200 || !parsed.success || parsed.data.reference !== reference)
        return {
          kind: 'unknown',
          detail: `status answered ${answer.status}: ${JSON.stringify(answer.json)}`,
        };
      const record = parsed.data;
      if (record.status === 'success')
        return record.amountMinor === undefined
          ? { kind: 'success' }
          : { kind: 'success', amountMinor: BigInt(record.amountMinor) };
      if (record.status === 'failed')
        return { kind: 'failed', code: record.code ?? 'PAYOUT_FAILED' };
      return { kind: 'not_found' };
    },

    async incoming(cursor): Promise<IncomingPage> {
      let answer: { status: number; json: unknown };
      try {
        answer = await call(
          `/incoming${cursor === null ? '' : `?cursor=${encodeURIComponent(cursor)}`}`,
          { method: 'GET' },
        );
      } catch (error) {
        throw new BankGatewayError('bank incoming feed unreachable or timed out', { cause: error });
      }
      const parsed = incomingAnswer.safeParse(answer.json);
      if (answer.status !== 200 || !parsed.success)
        throw new BankGatewayError(
          `bank incoming feed answered ${answer.status}: ${JSON.stringify(answer.json).slice(0, 500)}`,
        );
      return {
        cursor: parsed.data.cursor,
        transfers: parsed.data.transfers.map((t) => ({
          ...t,
          transRef: t.transRef ?? null,
          sendingBank: t.sendingBank ?? null,
          amountMinor: BigInt(t.amountMinor),
          receivedAt: new Date(t.receivedAt),
        })),
      };
    },
  };
}
