import { z } from 'zod';
import { parseAmountInput } from '@/lib/format';

/** A typed amount ("1,000.50") read as a number, then checked by a contract's amount schema. */
export function amountFromText<TAmount extends z.ZodType<number, number>>(amountSchema: TAmount) {
  return z.string().transform(parseAmountInput).pipe(amountSchema);
}
