import { z } from 'zod';
import type { RedeemOutcome, VoucherService } from '@/adapters/truemoney/voucher-service.ts';
import { outsideCallHeaders } from '@/lib/request-context.ts';

export type HttpVoucherServiceOptions = { baseUrl: string; timeoutMs: number };

const answer = z.object({
  status: z.object({ code: z.string().max(100) }),
  data: z
    .object({
      voucher: z.object({ amount_baht: z.string().regex(/^\d{1,10}(\.\d{1,2})?$/) }),
      owner_profile: z
        .object({ full_name: z.string().max(200).nullish(), mobile: z.string().max(20).nullish() })
        .nullish(),
    })
    .nullish(),
});

/** Answers that say the voucher was not (and will not be) redeemed by this request. */
const REFUSALS = new Set([
  'VOUCHER_NOT_FOUND',
  'VOUCHER_EXPIRED',
  'VOUCHER_OUT_OF_STOCK',
  'CANNOT_GET_OWN_VOUCHER',
  'TARGET_USER_NOT_FOUND',
]);

function bahtToMinor(text: string): bigint {
  const [whole = '0', fraction = ''] = text.split('.');
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
}

function localPhone(mobile: string | null | undefined): string | null {
  if (!mobile) return null;
  const digits = mobile.replace(/\D/g, '');
  if (/^0\d{9}$/.test(digits)) return digits;
  if (/^66\d{9}$/.test(digits)) return `0${digits.slice(2)}`;
  return null;
}

/** Redeems gift vouchers over HTTP (gift.truemoney.com's redeem call; the sandbox by default). */
export function createHttpVoucherService(options: HttpVoucherServiceOptions): VoucherService {
  const base = options.baseUrl.replace(/\/+$/, '');
  return {
    async redeem({ voucherHash, mobile }): Promise<RedeemOutcome> {
      let json: unknown;
      try {
        const response = await fetch(
          `${base}/campaign/vouchers/${encodeURIComponent(voucherHash)}/redeem`,
          {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...outsideCallHeaders() },
            body: JSON.stringify({ mobile, voucher_hash: voucherHash }),
            signal: AbortSignal.timeout(options.timeoutMs),
          },
        );
        json = await response.json().catch(() => undefined);
      } catch {
        return { kind: 'unknown' };
      }
      const parsed = answer.safeParse(json);
      if (!parsed.success) return { kind: 'unknown' };
      const { status, data } = parsed.data;
      // TARGET_USER_REDEEMED: this number redeemed it before (a retry after a time-out): the money is ours.
      if ((status.code === 'SUCCESS' || status.code === 'TARGET_USER_REDEEMED') && data)
        return {
          kind: 'redeemed',
          voucher: {
            amountMinor: bahtToMinor(data.voucher.amount_baht),
            ownerName: data.owner_profile?.full_name ?? null,
            ownerPhone: localPhone(data.owner_profile?.mobile),
          },
        };
      if (REFUSALS.has(status.code)) return { kind: 'refused', code: status.code };
      return { kind: 'unknown' };
    },
  };
}
