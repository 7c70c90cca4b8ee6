import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildSlipQrPayload, parseSlipQr } from './slip-qr.ts';
import { buildThaiQrPayload } from './thai-qr.ts';

// docs/design.md#outside-parties's example (sending bank 014 SCB); its CRC 17DF does verify under CRC-16/CCITT-FALSE.
const EXAMPLE = '004100060000010103014022000111222233344ABCD125102TH910417DF';

describe('slip mini-QR', () => {
  it('parses D13’s example and rebuilds it byte for byte', () => {
    expect(parseSlipQr(EXAMPLE)).toEqual({
      ok: true,
      slip: { sendingBank: '014', transRef: '00111222233344ABCD12' },
    });
    expect(buildSlipQrPayload({ sendingBank: '014', transRef: '00111222233344ABCD12' })).toBe(
      EXAMPLE,
    );
  });

  it('fails the CRC of an altered slip QR', () => {
    expect(parseSlipQr(EXAMPLE.replace('ABCD', 'ABCE'))).toEqual({
      ok: false,
      error: 'CRC_MISMATCH',
    });
    expect(parseSlipQr(EXAMPLE.replace(/17DF$/, '17D0'))).toEqual({
      ok: false,
      error: 'CRC_MISMATCH',
    });
  });

  it('tells other QR contents apart', () => {
    const paymentQr = buildThaiQrPayload({ promptPay: { phone: '0812223333' } });
    for (const text of [paymentQr, 'https://example.com/slip', '', 'hello'])
      expect(parseSlipQr(text)).toEqual({ ok: false, error: 'NOT_SLIP_QR' });
  });

  it('refuses a sending bank that is not 3 digits, or a reference with other characters', () => {
    expect(() => buildSlipQrPayload({ sendingBank: 'SCB', transRef: 'ABC' })).toThrow(RangeError);
    expect(() => buildSlipQrPayload({ sendingBank: '014', transRef: 'AB-C' })).toThrow(RangeError);
  });

  it('round-trips any bank and reference', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{3}$/),
        fc.stringMatching(/^[0-9A-Za-z]{1,50}$/),
        (sendingBank, transRef) => {
          expect(parseSlipQr(buildSlipQrPayload({ sendingBank, transRef }))).toEqual({
            ok: true,
            slip: { sendingBank, transRef },
          });
        },
      ),
    );
  });
});
