import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { get, useForm, type DefaultValues, type FieldValues, type Path, type RegisterOptions } from 'react-hook-form';
import { z } from 'zod';
import { useFieldError } from '@/components/form/use-field-error';
import { parseAmountInput } from '@/lib/format';

/** A typed amount ("1,000.50") read as a number, then checked by a contract's amount schema. */
export function amountFromText<TAmount extends z.ZodType<number, number>>(amountSchema: TAmount) {
  return z.string().transform(parseAmountInput).pipe(amountSchema);
}

/**
 * `checked`: on submit, then again on each change (sign-in, register). `money`: on submit only, and a message stays
 * until the member changes something (the money forms). `live`: on every change (a rule shown while typing).
 */
type FormStyle = 'checked' | 'money' | 'live';

/**
 * The one form style of the app: react-hook-form checked by a zod schema, built on the call's contract schema so
 * the form's output is the body the call sends. `field(name)` gives an input its registration and translated error;
 * `showServerError` puts a refusal from the server under the field.
 */
export function useSchemaForm<TValues extends FieldValues, TOutput>(
  schema: z.ZodType<TOutput, TValues>,
  defaultValues: DefaultValues<TValues>,
  style: FormStyle = 'checked',
) {
  const fieldError = useFieldError();
  const form = useForm<TValues, unknown, TOutput>({
    resolver: zodResolver(schema),
    defaultValues,
    mode: style === 'live' ? 'onChange' : 'onSubmit',
    reValidateMode: style === 'money' ? 'onSubmit' : 'onChange',
  });
  const { watch, clearErrors, register, setError, formState } = form;
  useEffect(() => {
    if (style !== 'money') return;
    const subscription = watch(() => clearErrors());
    return () => subscription.unsubscribe();
  }, [watch, clearErrors, style]);
  // A server refusal of the last submission (already in the member's words) shows under the field until a change.
  const serverError = formState.errors.root?.server?.message;
  const field = (name: Path<TValues>, options?: RegisterOptions<TValues, Path<TValues>>) => ({
    ...register(name, options),
    error: fieldError(get(formState.errors, name)) ?? serverError,
  });
  const showServerError = (message: string) => setError('root.server', { message });
  return { ...form, field, showServerError };
}

