import { TRANSFER_MINIMUM_BAHT } from '@mekong/contracts/constants';
import { transferBodySchema, WALLET } from '@mekong/contracts/wallet';
import { z } from 'zod';
import { parseAmountInput } from '@/lib/format';

/** '' is the pickers' header item: nothing chosen. */
export const NONE = '';

/** What each account holds (wallet and active games), by the value the pickers use. */
export type Balances = Readonly<Record<string, number>>;

/**
 * Spec §5, in this order: both accounts chosen ("please select correct account"); not the same one
 * ("cannot transfer to or from same account"); to a game never with an amount of 0 or less (TRANSFER_MINIMUM);
 * at least 1 baht ("minimum amount is 1 baht"). Then, before anything is sent, no more than the source holds
 * (MONEY_NOT_ENOUGH, when its balance is known); then the call's own body schema (2 decimals, the largest amount).
 * Messages are catalogue codes or translation keys.
 */
export function transferFormSchema(balances: Balances = {}) {
  return z
    .object({ from: z.string(), to: z.string(), amount: z.string() })
    .superRefine((values, ctx) => {
      const fail = (path: 'root' | 'amount', message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
      if (values.from === NONE || values.to === NONE) return fail('root', 'transfer.selectAccount');
      if (values.from === values.to) return fail('root', 'transfer.sameAccount');
      const amount = parseAmountInput(values.amount);
      if (values.to !== WALLET && !(amount > 0)) return fail('amount', 'TRANSFER_MINIMUM');
      if (!(amount >= TRANSFER_MINIMUM_BAHT)) return fail('amount', 'transfer.minimum');
      const available = balances[values.from];
      if (available !== undefined && amount > available) return fail('amount', 'MONEY_NOT_ENOUGH');
    })
    .transform((values) => ({ from: values.from, to: values.to, amount: parseAmountInput(values.amount) }))
    .pipe(transferBodySchema);
}

/**
 * The destination once the source changes: the source is not offered as a destination, so choosing as source what
 * was the destination swaps the two (the member is reversing the direction).
 */
export function destinationAfter(previousFrom: string, nextFrom: string, to: string): string {
  return nextFrom !== NONE && nextFrom === to ? previousFrom : to;
}
