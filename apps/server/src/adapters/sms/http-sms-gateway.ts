import { z } from 'zod';
import { SmsGatewayError, type SmsGateway } from '@/adapters/sms/sms-gateway.ts';
import { outsideCallHeaders } from '@/lib/request-context.ts';

export type HttpSmsGatewayOptions = { baseUrl: string; apiKey: string; timeoutMs: number };

const requestAnswer = z.object({
  status: z.literal('success'),
  data: z.object({ token: z.string().min(1).max(500), refno: z.string().min(1).max(20) }),
});
const errorAnswer = z.object({ status: z.literal('error'), code: z.string() });

/** Talks to the SMS gateway over HTTP (the sandbox by default). */
export function createHttpSmsGateway(options: HttpSmsGatewayOptions): SmsGateway {
  const base = options.baseUrl.replace(/\/+$/, '');

  async function post(path: string, body: unknown): Promise<{ status: number; json: unknown }> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${options.apiKey}`,
          ...outsideCallHeaders(),
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      throw new SmsGatewayError(`SMS gateway ${path} unreachable or timed out`, { cause: error });
    }
    const json: unknown = await response.json().catch(() => undefined);
    return { status: response.status, json };
  }

  return {
    async requestOtp(phone) {
      const { status, json } = await post('/v2/otp/request', { msisdn: phone });
      const parsed = requestAnswer.safeParse(json);
      if (status !== 200 || !parsed.success)
        throw new SmsGatewayError(
          `SMS gateway request answered ${status}: ${JSON.stringify(json)}`,
        );
      return parsed.data.data;
    },
    async verifyOtp(token, pin) {
      const { status, json } = await post('/v2/otp/verify', { token, pin });
      if (status === 200 && (json as { status?: unknown } | undefined)?.status === 'success')
        return 'valid';
      const error = errorAnswer.safeParse(json);
      if (error.success && status >= 400 && status < 500) {
        if (error.data.code === 'CODE_INVALID') return 'invalid';
        if (error.data.code === 'TOKEN_EXPIRED') return 'expired';
        if (error.data.code === 'TOKEN_NOT_FOUND') return 'not_found';
      }
      throw new SmsGatewayError(`SMS gateway verify answered ${status}: ${JSON.stringify(json)}`);
    },
    async sendNotice(phone, message) {
      const { status, json } = await post('/v2/sms', { msisdn: phone, message });
      if (status !== 200 || (json as { status?: unknown } | undefined)?.status !== 'success')
        throw new SmsGatewayError(`SMS gateway send answered ${status}: ${JSON.stringify(json)}`);
    },
  };
}
