import { QR_RULES, type QrProvider } from '@mekong/contracts/constants';
import { qrCreate } from '@mekong/contracts/deposit';
import { z } from 'zod';
import { parseAmountInput } from '@/lib/format';

/** Whether an amount may become a QR (docs/spec.md §5): KBANK above 0, WW at least 100, E2P at least 50. */
export function isQrAmountAllowed(provider: QrProvider, amount: number): boolean {
  if (!Number.isFinite(amount) || amount <= 0) return false;
  const { minimum, isMinimumExclusive } = QR_RULES[provider];
  return isMinimumExclusive ? amount > minimum : amount >= minimum;
}

/** The message for a typed amount that can't become a QR, or null (nothing typed yet, or fine). */
export function qrAmountProblem(provider: QrProvider, amount: number): 'deposit.minimum' | 'deposit.amountInvalid' | null {
  if (Number.isNaN(amount)) return 'deposit.amountInvalid';
  if (isQrAmountAllowed(provider, amount)) return null;
  return QR_RULES[provider].minimum > 0 ? 'deposit.minimum' : 'deposit.amountInvalid';
}

/** The QR amount form: the provider's minimum (docs/spec.md §5), then the call's own body schema. */
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
