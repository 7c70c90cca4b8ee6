import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import { z } from 'zod';
import { parseAmountInput } from '@/lib/format';

/** A typed amount ("1,000.50") read as a number, then checked by a contract's amount schema. */
export function amountFromText<TAmount extends z.ZodType<number, number>>(amountSchema: TAmount) {
  return z.string().transform(parseAmountInput).pipe(amountSchema);
}

/**
 * The one form style of the app: react-hook-form checked by a zod schema built on the call's contract schema, so the
 * form's output is the body the call sends. A money form checks on submit and a message stays until the member
 * changes something (`isLive` checks on every change instead, for forms that show their rule while typing).
 */
export function useMoneyForm<TValues extends FieldValues, TOutput>(
  schema: z.ZodType<TOutput, TValues>,
  defaultValues: DefaultValues<TValues>,
  { isLive = false }: { isLive?: boolean } = {},
) {
  const form = useForm<TValues, unknown, TOutput>({
    resolver: zodResolver(schema),
    defaultValues,
    mode: isLive ? 'onChange' : 'onSubmit',
    reValidateMode: isLive ? 'onChange' : 'onSubmit',
  });
  const { watch, clearErrors } = form;
  useEffect(() => {
    if (isLive) return;
    const subscription = watch(() => clearErrors());
    return () => subscription.unsubscribe();
  }, [watch, clearErrors, isLive]);
  return form;
}
