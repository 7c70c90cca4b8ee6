import { hasAtMostTwoDecimals } from '@mekong/contracts/money';
import { z } from 'zod';
import { parseAmountInput } from '@/lib/format';

export type WithdrawLimits = { withdrawMin: number; withdrawMax: number };

/**
 * Spec §5: at least withdrawMin (WITHDRAW_MINIMUM) and at most withdrawMax (WITHDRAW_MAXIMUM), both from the
 * server's lookup; a number with at most 2 decimals; and no more than the member has (MONEY_NOT_ENOUGH).
 */
export function withdrawFormSchema(limits: WithdrawLimits, available: number) {
  return z
    .object({ amount: z.string() })
    .superRefine(({ amount: text }, ctx) => {
      const amount = parseAmountInput(text);
      const fail = (message: string) => ctx.addIssue({ code: 'custom', path: ['amount'], message });
      if (!Number.isFinite(amount) || amount <= 0) return fail('errors.WITHDRAW_MINIMUM');
      if (!hasAtMostTwoDecimals(amount)) return fail('errors.INVALID_AMOUNT');
      if (amount < limits.withdrawMin) return fail('errors.WITHDRAW_MINIMUM');
      if (amount > limits.withdrawMax) return fail('errors.WITHDRAW_MAXIMUM');
      if (amount > available) return fail('errors.MONEY_NOT_ENOUGH');
    })
    .transform(({ amount }) => ({ amount: parseAmountInput(amount) }));
}

export function withdrawError(limits: WithdrawLimits, available: number, amount: string): string | null {
  const result = withdrawFormSchema(limits, available).safeParse({ amount });
  return result.success ? null : result.error.issues[0]!.message;
}
