import { withdrawBodySchema } from '@mekong/contracts/wallet';
import { z } from 'zod';
import { parseAmountInput } from '@/lib/format';

export type WithdrawLimits = { withdrawMin: number; withdrawMax: number };

/**
 * Spec §5: at least withdrawMin (WITHDRAW_MINIMUM) and at most withdrawMax (WITHDRAW_MAXIMUM), both from the
 * server's lookup, and no more than the member has (MONEY_NOT_ENOUGH); then the call's own body schema
 * (a number with at most 2 decimals). Under a bonus the server takes only `exact`, the whole total
 * (BONUS_WITHDRAW_ALL; issue 28: the sheet never offers an amount the server refuses).
 */
export function withdrawFormSchema(limits: WithdrawLimits, available: number, exact?: number) {
  return z
    .object({ amount: z.string() })
    .superRefine(({ amount: text }, ctx) => {
      const amount = parseAmountInput(text);
      const fail = (message: string) => ctx.addIssue({ code: 'custom', path: ['amount'], message });
      if (!Number.isFinite(amount) || amount <= 0 || amount < limits.withdrawMin) return fail('WITHDRAW_MINIMUM');
      if (amount > limits.withdrawMax) return fail('WITHDRAW_MAXIMUM');
      if (amount > available) return fail('MONEY_NOT_ENOUGH');
      if (exact !== undefined && Math.round(amount * 100) !== Math.round(exact * 100)) return fail('BONUS_WITHDRAW_ALL');
    })
    .transform(({ amount }) => ({ amount: parseAmountInput(amount) }))
    .pipe(withdrawBodySchema);
}
