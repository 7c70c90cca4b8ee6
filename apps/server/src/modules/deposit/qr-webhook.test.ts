import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isSignatureValid, parseQrNotice } from '@/modules/deposit/qr-webhook.ts';
import { isQrAmountAccepted } from '@mekong/contracts/deposit';
import { newQrReference } from '@/modules/deposit/qr.service.ts';

const body = Buffer.from(
  JSON.stringify({
    provider: 'KBANK',
    reference: 'QABC123',
    amountMinor: 5000,
    paidAt: '2026-11-02T03:00:00.000Z',
    transactionId: 'TX1',
  }),
);
const sign = (bytes: Buffer, secret = 's3cret') =>
  createHmac('sha256', secret).update(bytes).digest('hex');

describe('QR webhook signature and notice', () => {
  it('accepts the HMAC of the exact bytes only', () => {
    expect(isSignatureValid(body, sign(body), 's3cret')).toBe(true);
    expect(isSignatureValid(body, sign(body).toUpperCase(), 's3cret')).toBe(true);
    expect(isSignatureValid(body, sign(body, 'other'), 's3cret')).toBe(false);
    expect(isSignatureValid(Buffer.concat([body, Buffer.from(' ')]), sign(body), 's3cret')).toBe(
      false,
    );
    for (const junk of [undefined, '', 'zz', sign(body).slice(2), ['a'], 42])
      expect(isSignatureValid(body, junk, 's3cret')).toBe(false);
  });

  it('reads a notice or gives null, never throws', () => {
    expect(parseQrNotice(body)).toMatchObject({ provider: 'KBANK', amountMinor: 5000 });
    for (const text of ['', 'null', '{', '{"provider":"KBANK"}', '[1]'])
      expect(parseQrNotice(Buffer.from(text))).toBeNull();
  });
});

describe('QR rules', () => {
  it('keeps docs/spec.md §5 minimums', () => {
    expect(isQrAmountAccepted('KBANK', 1n)).toBe(true);
    expect(isQrAmountAccepted('KBANK', 0n)).toBe(false);
    expect(isQrAmountAccepted('WW', 100_00n)).toBe(true);
    expect(isQrAmountAccepted('WW', 99_99n)).toBe(false);
    expect(isQrAmountAccepted('E2P', 50_00n)).toBe(true);
    expect(isQrAmountAccepted('E2P', 49_99n)).toBe(false);
  });

  it('makes references in the Thai bill-payment ref1 form, never the same twice', () => {
    const refs = new Set(Array.from({ length: 1000 }, newQrReference));
    expect(refs.size).toBe(1000);
    for (const ref of refs) expect(ref).toMatch(/^[A-Z0-9]{1,20}$/);
  });
});
