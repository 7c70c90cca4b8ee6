import { QR_PROVIDERS, QR_RULES, type QrProvider } from '@mekong/contracts/constants';
import { qrCreateChosen, qrGatewaysFor } from '@mekong/contracts/deposit';
import { hasAtMostTwoDecimals, MAX_AMOUNT, toMinor } from '@mekong/contracts/money';
import { z } from 'zod';
import { parseAmountInput } from '@/lib/format';

/** What is wrong with a typed QR amount: an i18n key, or the catalogue code for a malformed one. */
export type QrAmountProblem = 'deposit.minimum' | 'deposit.amountInvalid' | 'depositFlow.maximum' | 'INVALID_AMOUNT';

/**
 * The rules of the one QR form (docs/decisions/0022-one-qr-button.md): the lowest minimum and the quick amounts of
 * the open gateway that takes the least (docs/spec.md §5: KBANK above 0, WW at least 100, E2P at least 50).
 */
export function qrFormRules(open: readonly QrProvider[]) {
  const lowest = QR_PROVIDERS.filter((p) => open.includes(p)).sort((a, b) => QR_RULES[a].minimum - QR_RULES[b].minimum)[0];
  const rule = lowest ? QR_RULES[lowest] : QR_RULES.KBANK;
  return { minimum: rule.minimum, isAnyAmount: rule.isMinimumExclusive && rule.minimum === 0, quick: rule.quick };
}

/**
 * The message for an amount no open gateway can make a QR for, or null: below every open gateway's minimum, above
 * what one call may carry, or more than 2 decimals (the same qrGatewaysFor the server chooses with).
 */
export function qrAmountProblem(open: readonly QrProvider[], amount: number): QrAmountProblem | null {
  if (Number.isNaN(amount)) return 'deposit.amountInvalid';
  if (!hasAtMostTwoDecimals(amount)) return 'INVALID_AMOUNT';
  if (amount > MAX_AMOUNT) return 'depositFlow.maximum';
  if (amount <= 0) return 'deposit.amountInvalid';
  return qrGatewaysFor(toMinor(amount), open).length > 0 ? null : 'deposit.minimum';
}

/** Whether an amount may become a QR (the create button is enabled only then). */
export function isQrAmountAllowed(open: readonly QrProvider[], amount: number): boolean {
  return qrAmountProblem(open, amount) === null;
}

/** The QR amount form: the checks above, then the call's own body schema. */
export function qrFormSchema(open: readonly QrProvider[]) {
  return z
    .object({ amount: z.string() })
    .superRefine(({ amount }, ctx) => {
      const problem = qrAmountProblem(open, parseAmountInput(amount));
      if (problem) ctx.addIssue({ code: 'custom', path: ['amount'], message: problem });
    })
    .transform(({ amount }) => ({ amount: parseAmountInput(amount) }))
    .pipe(qrCreateChosen.body);
}
