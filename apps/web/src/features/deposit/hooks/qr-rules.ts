import { QR_RULES, type QrProvider } from '@mekong/contracts/constants';
import { qrCreate } from '@mekong/contracts/deposit';
import { hasAtMostTwoDecimals, MAX_AMOUNT } from '@mekong/contracts/money';
import { z } from 'zod';
import { parseAmountInput } from '@/lib/format';

/** What is wrong with a typed QR amount: an i18n key, or the catalogue code for a malformed one. */
export type QrAmountProblem = 'deposit.minimum' | 'deposit.amountInvalid' | 'depositFlow.maximum' | 'INVALID_AMOUNT';

/**
 * The message for an amount that can't become a QR, or null: the provider's minimum (docs/spec.md §5: KBANK above 0,
 * WW at least 100, E2P at least 50), the most one call may carry, and at most 2 decimals.
 */
export function qrAmountProblem(provider: QrProvider, amount: number): QrAmountProblem | null {
  if (Number.isNaN(amount)) return 'deposit.amountInvalid';
  if (!hasAtMostTwoDecimals(amount)) return 'INVALID_AMOUNT';
  if (amount > MAX_AMOUNT) return 'depositFlow.maximum';
  const { minimum, isMinimumExclusive } = QR_RULES[provider];
  if (amount <= 0) return 'deposit.amountInvalid';
  const isAboveMinimum = isMinimumExclusive ? amount > minimum : amount >= minimum;
  return isAboveMinimum ? null : 'deposit.minimum';
}

/** Whether an amount may become a QR (the create button is enabled only then). */
export function isQrAmountAllowed(provider: QrProvider, amount: number): boolean {
  return qrAmountProblem(provider, amount) === null;
}

/** The QR amount form: the checks above, then the call's own body schema. */
export function qrFormSchema(provider: QrProvider) {
  return z
    .object({ amount: z.string() })
    .superRefine(({ amount }, ctx) => {
      const problem = qrAmountProblem(provider, parseAmountInput(amount));
      if (problem) ctx.addIssue({ code: 'custom', path: ['amount'], message: problem });
    })
    .transform(({ amount }) => ({ amount: parseAmountInput(amount) }))
    .pipe(qrCreate.body);
}
