import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { QR_PROVIDERS } from '@mekong/contracts/constants';

/** The gateway's signature: hex HMAC-SHA256 of the raw body. Constant-time; any malformed header is false. */
export function isSignatureValid(rawBody: Buffer, signature: unknown, secret: string): boolean {
  if (typeof signature !== 'string' || !/^[0-9a-fA-F]{64}$/.test(signature)) return false;
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}

/** The paid notice the gateways post (apps/sandbox/README.md, QR payment gateways). */
export const qrNoticeSchema = z.object({
  provider: z.enum(QR_PROVIDERS),
  reference: z.string().regex(/^[A-Z0-9]{1,20}$/),
  amountMinor: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  paidAt: z.iso.datetime({ offset: true }),
  transactionId: z.string().min(1).max(100),
});
export type QrNotice = z.output<typeof qrNoticeSchema>;

/** The body as a notice, or null (not JSON, not an object, wrong fields). Never throws. */
export function parseQrNotice(rawBody: Buffer): QrNotice | null {
  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString('utf8'));
  } catch {
    return null;
  }
  const result = qrNoticeSchema.safeParse(json);
  return result.success ? result.data : null;
}
