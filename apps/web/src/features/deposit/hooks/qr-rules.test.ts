import { QR_RULES } from '@mekong/contracts/constants';
import { MAX_AMOUNT } from '@mekong/contracts/money';
import { describe, expect, it } from 'vitest';
import { isQrAmountAllowed, qrAmountProblem } from '@/features/deposit/hooks/qr-rules';

describe('QR amount rules (docs/spec.md §5)', () => {
  it('KBANK allows any amount above 0 and nothing at or below 0', () => {
    expect(isQrAmountAllowed('KBANK', 0)).toBe(false);
    expect(isQrAmountAllowed('KBANK', -5)).toBe(false);
    expect(isQrAmountAllowed('KBANK', 0.01)).toBe(true);
    expect(isQrAmountAllowed('KBANK', 1)).toBe(true);
  });

  it('WW needs at least 100', () => {
    expect(isQrAmountAllowed('WW', 99.99)).toBe(false);
    expect(isQrAmountAllowed('WW', 100)).toBe(true);
    expect(qrAmountProblem('WW', 50)).toBe('deposit.minimum');
  });

  it('E2P needs at least 50', () => {
    expect(isQrAmountAllowed('E2P', 49.99)).toBe(false);
    expect(isQrAmountAllowed('E2P', 50)).toBe(true);
    expect(qrAmountProblem('E2P', 10)).toBe('deposit.minimum');
  });

  it('refuses more than one call may carry, and more than 2 decimals, under the field before sending', () => {
    expect(qrAmountProblem('KBANK', MAX_AMOUNT)).toBeNull();
    expect(qrAmountProblem('KBANK', MAX_AMOUNT + 1)).toBe('depositFlow.maximum');
    expect(isQrAmountAllowed('WW', MAX_AMOUNT + 0.01)).toBe(false);
    expect(qrAmountProblem('E2P', 50.125)).toBe('INVALID_AMOUNT');
    expect(qrAmountProblem('E2P', 50.12)).toBeNull();
  });

  it('refuses what is not a number', () => {
    expect(isQrAmountAllowed('KBANK', Number.NaN)).toBe(false);
    expect(qrAmountProblem('KBANK', Number.NaN)).toBe('deposit.amountInvalid');
    expect(qrAmountProblem('KBANK', 0)).toBe('deposit.amountInvalid');
  });

  it('offers the quick amounts of the spec, each of them allowed', () => {
    expect(QR_RULES.KBANK.quick).toEqual([10, 20, 50, 100, 500, 1000]);
    expect(QR_RULES.WW.quick).toEqual([100, 200, 300, 500, 1000]);
    expect(QR_RULES.E2P.quick).toEqual([50, 100, 200, 500, 1000]);
    for (const provider of ['KBANK', 'WW', 'E2P'] as const) {
      for (const amount of QR_RULES[provider].quick) expect(qrAmountProblem(provider, amount)).toBeNull();
    }
  });
});
