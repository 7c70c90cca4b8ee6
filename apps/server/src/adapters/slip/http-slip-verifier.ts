import { z } from 'zod';
import type { SlipVerifier, SlipVerifyOutcome } from '@/adapters/slip/slip-verifier.ts';
import { outsideCallHeaders } from '@/lib/request-context.ts';

export type HttpSlipVerifierOptions = { baseUrl: string; apiKey: string; timeoutMs: number };

const party = z.object({
  name: z.string().max(200),
  bankCode: z.string().regex(/^\d{3}$/),
  maskedAccountNo: z.string().max(40),
  accountNo: z
    .string()
    .regex(/^\d{1,30}$/)
    .nullish(),
});
const verified = z.object({
  status: z.literal('success'),
  data: z.object({
    transRef: z.string().min(1).max(60),
    sendingBank: z.string().regex(/^\d{3}$/),
    date: z.iso.datetime({ offset: true }),
    amountMinor: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
    sender: party,
    receiver: party,
  }),
});
const errorAnswer = z.object({ status: z.literal('error'), code: z.string() });

/** Talks to the slip verification service over HTTP (the sandbox verifier by default). */
export function createHttpSlipVerifier(options: HttpSlipVerifierOptions): SlipVerifier {
  const base = options.baseUrl.replace(/\/+$/, '');
  return {
    async verify(request): Promise<SlipVerifyOutcome> {
      let status: number;
      let json: unknown;
      try {
        const response = await fetch(`${base}/verify`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${options.apiKey}`,
            'content-type': 'application/json',
            ...outsideCallHeaders(),
          },
          body: JSON.stringify(request),
          signal: AbortSignal.timeout(options.timeoutMs),
        });
        status = response.status;
        json = await response.json().catch(() => undefined);
      } catch {
        return { kind: 'unavailable' };
      }
      const ok = verified.safeParse(json);
      if (status === 200 && ok.success) {
        const d = ok.data.data;
        const toParty = (p: z.output<typeof party>) => ({
          name: p.name,
          bankCode: p.bankCode,
          maskedAccountNo: p.maskedAccountNo,
          accountNo: p.accountNo ?? null,
        });
        return {
          kind: 'verified',
          transfer: {
            transRef: d.transRef,
            sendingBank: d.sendingBank,
            date: new Date(d.date),
            amountMinor: BigInt(d.amountMinor),
            sender: toParty(d.sender),
            receiver: toParty(d.receiver),
          },
        };
      }
      const error = errorAnswer.safeParse(json);
      const code = error.success ? error.data.code : '';
      if (code === 'BANK_DELAYED') return { kind: 'delayed' };
      if (code === 'TRANSACTION_NOT_FOUND') return { kind: 'not_found' };
      if (code === 'INVALID_PAYLOAD') return { kind: 'invalid' };
      return { kind: 'unavailable' };
    },
  };
}
