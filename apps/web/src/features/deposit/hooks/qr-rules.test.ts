import { QR_RULES } from '@mekong/contracts/constants';
import { MAX_AMOUNT } from '@mekong/contracts/money';
import { describe, expect, it } from 'vitest';
import { isQrAmountAllowed, qrAmountProblem, qrFormRules } from '@/features/deposit/hooks/qr-rules';

const ALL = ['KBANK', 'WW', 'E2P'] as const;

describe('the one QR form’s amount rules (docs/spec.md §5, docs/decisions/0022-one-qr-button.md)', () => {
  it('with KBANK open, any amount above 0 and nothing at or below 0', () => {
    expect(isQrAmountAllowed(ALL, 0)).toBe(false);
    expect(isQrAmountAllowed(ALL, -5)).toBe(false);
    expect(isQrAmountAllowed(ALL, 0.01)).toBe(true);
    expect(isQrAmountAllowed(ALL, 10)).toBe(true);
    expect(qrFormRules(ALL)).toEqual({ minimum: 0, isAnyAmount: true, quick: QR_RULES.KBANK.quick });
  });

  it('with KBANK in maintenance, E2P’s 50 is the least; with only WW open, 100', () => {
    expect(qrAmountProblem(['WW', 'E2P'], 49.99)).toBe('deposit.minimum');
    expect(isQrAmountAllowed(['WW', 'E2P'], 50)).toBe(true);
    expect(qrFormRules(['WW', 'E2P'])).toEqual({ minimum: 50, isAnyAmount: false, quick: QR_RULES.E2P.quick });
    expect(qrAmountProblem(['WW'], 99.99)).toBe('deposit.minimum');
    expect(isQrAmountAllowed(['WW'], 100)).toBe(true);
    expect(qrFormRules(['WW']).minimum).toBe(100);
    expect(isQrAmountAllowed([], 100)).toBe(false);
  });

  it('refuses more than one call may carry, and more than 2 decimals, under the field before sending', () => {
    expect(qrAmountProblem(ALL, MAX_AMOUNT)).toBeNull();
    expect(qrAmountProblem(ALL, MAX_AMOUNT + 1)).toBe('depositFlow.maximum');
    expect(qrAmountProblem(['E2P'], 50.125)).toBe('INVALID_AMOUNT');
    expect(qrAmountProblem(['E2P'], 50.12)).toBeNull();
  });

  it('refuses what is not a number', () => {
    expect(isQrAmountAllowed(ALL, Number.NaN)).toBe(false);
    expect(qrAmountProblem(ALL, Number.NaN)).toBe('deposit.amountInvalid');
    expect(qrAmountProblem(ALL, 0)).toBe('deposit.amountInvalid');
  });

  it('offers the quick amounts of the spec, each of them allowed where offered', () => {
    expect(QR_RULES.KBANK.quick).toEqual([10, 20, 50, 100, 500, 1000]);
    expect(QR_RULES.WW.quick).toEqual([100, 200, 300, 500, 1000]);
    expect(QR_RULES.E2P.quick).toEqual([50, 100, 200, 500, 1000]);
    for (const open of [ALL, ['WW', 'E2P'] as const, ['WW'] as const]) {
      for (const amount of qrFormRules(open).quick) expect(qrAmountProblem(open, amount)).toBeNull();
    }
  });
});
