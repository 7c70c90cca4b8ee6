import { TRANSFER_MINIMUM_BAHT } from '@mekong/contracts/constants';
import { hasAtMostTwoDecimals, MAX_AMOUNT } from '@mekong/contracts/money';
import { WALLET } from '@mekong/contracts/wallet';
import { z } from 'zod';
import { parseAmountInput } from '@/lib/format';

/** '' is the pickers' header item: nothing chosen. */
export const NONE = '';

export type TransferFormValues = { from: string; to: string; amount: string };

/**
 * Spec §5, in this order: both accounts chosen ("please select correct account"); not the same one
 * ("cannot transfer to or from same account"); to a game never with an amount of 0 or less (TRANSFER_MINIMUM);
 * at least 1 baht ("minimum amount is 1 baht"). Messages are translation keys.
 */
export const transferFormSchema = z
  .object({ from: z.string(), to: z.string(), amount: z.string() })
  .superRefine((values, ctx) => {
    if (values.from === NONE || values.to === NONE) {
      ctx.addIssue({ code: 'custom', path: ['root'], message: 'transfer.selectAccount' });
      return;
    }
    if (values.from === values.to) {
      ctx.addIssue({ code: 'custom', path: ['root'], message: 'transfer.sameAccount' });
      return;
    }
    const amount = parseAmountInput(values.amount);
    if (values.to !== WALLET && !(amount > 0)) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'errors.TRANSFER_MINIMUM' });
      return;
    }
    if (!(amount >= TRANSFER_MINIMUM_BAHT)) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'transfer.minimum' });
      return;
    }
    if (!hasAtMostTwoDecimals(amount)) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'errors.INVALID_AMOUNT' });
    else if (amount > MAX_AMOUNT) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'errors.AMOUNT_TOO_LARGE' });
  })
  .transform((values) => ({ from: values.from, to: values.to, amount: parseAmountInput(values.amount) }));

/** The first rule a transfer breaks, as a translation key, or null when it may be sent. */
export function transferError(values: TransferFormValues): { field: 'root' | 'amount'; message: string } | null {
  const result = transferFormSchema.safeParse(values);
  if (result.success) return null;
  const issue = result.error.issues[0]!;
  return { field: issue.path[0] === 'amount' ? 'amount' : 'root', message: issue.message };
}
