import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountSchema, hasAtMostTwoDecimals, toMajor, toMinor } from './money.ts';

describe('minor units', () => {
  it('converts known values exactly', () => {
    expect(toMinor(0.29)).toBe(29n);
    expect(toMinor(1)).toBe(100n);
    expect(toMinor(1234567.89)).toBe(123456789n);
    expect(toMinor(-0.1)).toBe(-10n);
    expect(toMajor(29n)).toBe(0.29);
    expect(toMajor(-1005n)).toBe(-10.05);
  });

  it('refuses more than two decimals', () => {
    expect(hasAtMostTwoDecimals(0.001)).toBe(false);
    expect(() => toMinor(1.005)).toThrow(RangeError);
    expect(() => toMinor(Number.NaN)).toThrow(RangeError);
  });

  it('round-trips every minor amount up to 10^13', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 13n), max: 10n ** 13n }), (minor) => {
        expect(toMinor(toMajor(minor))).toBe(minor);
      }),
    );
  });
});

describe('amount field', () => {
  const issue = (v: unknown) => {
    const r = amountSchema().safeParse(v);
    return r.success ? null : r.error.issues[0]?.message;
  };
  it('gives a code for each bad amount', () => {
    expect(issue(10.5)).toBeNull();
    expect(issue('10')).toBe('INVALID_AMOUNT');
    expect(issue(10.555)).toBe('INVALID_AMOUNT');
    expect(issue(0)).toBe('TRANSFER_MINIMUM');
    expect(issue(-5)).toBe('TRANSFER_MINIMUM');
    expect(issue(1e12)).toBe('AMOUNT_TOO_LARGE');
    expect(issue(Number.POSITIVE_INFINITY)).toBe('INVALID_AMOUNT');
  });
});
