import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildLaoQrPayload,
  buildThaiQrPayload,
  crc16,
  encodeTlv,
  formatEmvAmount,
  parseEmv,
  parseEmvAmount,
  parseTlvs,
  readPaymentQr,
} from './thai-qr.ts';

// docs/design.md#outside-parties's known-good payloads (PromptPay 0812223333, without and with 30.00).
const STATIC_PROMPTPAY =
  '00020101021129370016A0000006770101110113006681222333353037645802TH63041DCF';
const DYNAMIC_PROMPTPAY =
  '00020101021229370016A0000006770101110113006681222333353037645802TH540530.0063043CAD';

describe('crc16 (CCITT-FALSE)', () => {
  it('gives the standard check value and the known payloads’ CRCs', () => {
    expect(crc16('123456789')).toBe('29B1');
    expect(crc16(STATIC_PROMPTPAY.slice(0, -4))).toBe('1DCF');
    expect(crc16(DYNAMIC_PROMPTPAY.slice(0, -4))).toBe('3CAD');
  });
});

describe('buildThaiQrPayload', () => {
  it('reproduces D13’s known-good payloads byte for byte', () => {
    expect(buildThaiQrPayload({ promptPay: { phone: '0812223333' } })).toBe(STATIC_PROMPTPAY);
    expect(buildThaiQrPayload({ promptPay: { phone: '081-222-3333' }, amount: 3000n })).toBe(
      DYNAMIC_PROMPTPAY,
    );
    expect(buildThaiQrPayload({ promptPay: { phone: '+66812223333' }, amount: 3000n })).toBe(
      DYNAMIC_PROMPTPAY,
    );
  });

  it('builds a dynamic bill payment with ref1 and ref2', () => {
    const payload = buildThaiQrPayload({
      billPayment: { billerId: '010555012345601', ref1: 'DEP20240101ABC', ref2: 'KBANK' },
      amount: 12_345n,
    });
    expect(payload).toBe(
      '000201010212' +
        '3066' +
        '0016A000000677010112' +
        '0115010555012345601' +
        '0214DEP20240101ABC' +
        '0305KBANK' +
        '5303764' +
        '5802TH' +
        '5406123.45' +
        '6304DB17',
    );
    expect(readPaymentQr(payload)).toMatchObject({
      ok: true,
      qr: {
        isDynamic: true,
        amountMinor: 12_345n,
        currency: '764',
        country: 'TH',
        billPayment: { billerId: '010555012345601', ref1: 'DEP20240101ABC', ref2: 'KBANK' },
      },
    });
  });

  it('builds PromptPay by national id and e-wallet id', () => {
    const byId = readPaymentQr(buildThaiQrPayload({ promptPay: { nationalId: '1234567890123' } }));
    expect(byId).toMatchObject({ ok: true, qr: { promptPay: { nationalId: '1234567890123' } } });
    const byWallet = readPaymentQr(
      buildThaiQrPayload({ promptPay: { eWallet: '140000012345678' }, amount: 1n }),
    );
    expect(byWallet).toMatchObject({
      ok: true,
      qr: { promptPay: { eWallet: '140000012345678' }, amountMinor: 1n },
    });
  });

  it.each([
    { promptPay: { phone: '12345' } },
    { promptPay: { nationalId: '123' } },
    { promptPay: { eWallet: 'abc' } },
    { billPayment: { billerId: '123', ref1: 'A' } },
    { billPayment: { billerId: '010555012345601', ref1: 'lower-case' } },
    { billPayment: { billerId: '010555012345601', ref1: 'A'.repeat(21) } },
    { promptPay: { phone: '0812223333' }, amount: 0n },
    { promptPay: { phone: '0812223333' }, amount: 10n ** 13n },
  ])('refuses invalid input %#', (input) => {
    expect(() => buildThaiQrPayload(input as Parameters<typeof buildThaiQrPayload>[0])).toThrow(
      RangeError,
    );
  });
});

describe('parseEmv', () => {
  it('splits the known payloads into their tags', () => {
    const parsed = parseEmv(DYNAMIC_PROMPTPAY);
    expect(parsed).toMatchObject({
      ok: true,
      tags: {
        '00': '01',
        '01': '12',
        '29': '0016A00000067701011101130066812223333',
        '53': '764',
        '58': 'TH',
        '54': '30.00',
        '63': '3CAD',
      },
    });
    expect(readPaymentQr(STATIC_PROMPTPAY)).toMatchObject({
      ok: true,
      qr: { isDynamic: false, amountMinor: null, promptPay: { phone: '0812223333' } },
    });
  });

  it('accepts a lower-case CRC and surrounding whitespace', () => {
    expect(parseEmv(` ${STATIC_PROMPTPAY.slice(0, -4)}1dcf\n`).ok).toBe(true);
  });

  it('fails the CRC of a corrupted payload', () => {
    const changedAmount = DYNAMIC_PROMPTPAY.replace('30.00', '90.00');
    expect(parseEmv(changedAmount)).toEqual({ ok: false, error: 'CRC_MISMATCH' });
    expect(parseEmv(STATIC_PROMPTPAY.replace(/1DCF$/, '1DCE'))).toEqual({
      ok: false,
      error: 'CRC_MISMATCH',
    });
    expect(readPaymentQr(changedAmount)).toEqual({ ok: false, error: 'CRC_MISMATCH' });
  });

  it('refuses payloads that do not split or lack the CRC', () => {
    expect(parseEmv('')).toEqual({ ok: false, error: 'MALFORMED' });
    expect(parseEmv('0002010102')).toEqual({ ok: false, error: 'MALFORMED' });
    expect(parseEmv('https://example.com')).toEqual({ ok: false, error: 'MALFORMED' });
    expect(parseEmv('000201')).toEqual({ ok: false, error: 'NO_CRC' });
  });

  it('fails the CRC wherever one character changes', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: DYNAMIC_PROMPTPAY.length - 1 }),
        fc.constantFrom(...'0123456789ABCDEFTZ.'),
        (index, char) => {
          fc.pre(DYNAMIC_PROMPTPAY[index] !== char);
          const changed =
            DYNAMIC_PROMPTPAY.slice(0, index) + char + DYNAMIC_PROMPTPAY.slice(index + 1);
          expect(parseEmv(changed).ok).toBe(false);
        },
      ),
    );
  });

  it('round-trips any bill payment or PromptPay payload built', () => {
    const reference = fc.stringMatching(/^[A-Z0-9]{1,20}$/);
    const amount = fc.option(fc.bigInt({ min: 1n, max: 10n ** 12n - 1n }), { nil: undefined });
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{15}$/),
        reference,
        fc.option(reference, { nil: undefined }),
        amount,
        (billerId, ref1, ref2, minor) => {
          const payload = buildThaiQrPayload({
            billPayment: { billerId, ref1, ref2 },
            amount: minor,
          });
          const read = readPaymentQr(payload);
          expect(read).toEqual({
            ok: true,
            qr: expect.objectContaining({
              isDynamic: minor !== undefined,
              amountMinor: minor ?? null,
              billPayment: ref2 ? { billerId, ref1, ref2 } : { billerId, ref1 },
            }),
          });
        },
      ),
    );
    fc.assert(
      fc.property(fc.stringMatching(/^0[689]\d{8}$/), amount, (phone, minor) => {
        const read = readPaymentQr(buildThaiQrPayload({ promptPay: { phone }, amount: minor }));
        expect(read).toMatchObject({ ok: true, qr: { promptPay: { phone } } });
      }),
    );
  });
});

describe('Lao QR (LAPNet)', () => {
  it('uses tag 38 with the LAPNet AID, currency 418 and country LA', () => {
    const payload = buildLaoQrPayload({
      iin: '27710418',
      extra: [{ tag: '02', value: '001' }],
      amount: 5_000_000n,
    });
    const parsed = parseEmv(payload);
    expect(parsed).toMatchObject({
      ok: true,
      tags: {
        '01': '12',
        '38': '0016A005266284662577' + '010827710418' + '0203001',
        '53': '418',
        '58': 'LA',
        '54': '50000.00',
      },
    });
    expect(readPaymentQr(payload)).toMatchObject({
      ok: true,
      qr: { lapnet: { iin: '27710418' }, currency: '418', amountMinor: 5_000_000n },
    });
  });
});

describe('helpers', () => {
  it('encodes and splits fields', () => {
    expect(encodeTlv('58', 'TH')).toBe('5802TH');
    expect(() => encodeTlv('5', 'TH')).toThrow(RangeError);
    expect(() => encodeTlv('62', 'x'.repeat(100))).toThrow(RangeError);
    expect(parseTlvs('5802TH5303764')).toEqual([
      { tag: '58', value: 'TH' },
      { tag: '53', value: '764' },
    ]);
    expect(parseTlvs('5805TH')).toBeNull();
  });

  it('formats and reads EMV amounts', () => {
    expect(formatEmvAmount(3000n)).toBe('30.00');
    expect(formatEmvAmount(5n)).toBe('0.05');
    expect(parseEmvAmount('30')).toBe(3000n);
    expect(parseEmvAmount('30.5')).toBe(3050n);
    expect(parseEmvAmount('0.05')).toBe(5n);
    expect(parseEmvAmount('1e3')).toBeNull();
    expect(parseEmvAmount('30.005')).toBeNull();
  });
});
