import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo } from 'react';
import {
  get,
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type RegisterOptions,
  type Resolver,
} from 'react-hook-form';
import type { z } from 'zod';
import { useFieldError } from '@/components/form/use-field-error';
import { loadOnce } from '@/lib/load-once';
import { onFirstTouch } from '@/lib/on-first-touch';

type Schema<TValues extends FieldValues, TOutput> = z.ZodType<TOutput, TValues>;

/**
 * A form's schema, or a module-level function that loads it: the first pages (sign-in, registration) keep the
 * validation library and the contracts out of what they load and run before the member can type
 * (docs/decisions/0017-first-load.md).
 */
export type SchemaSource<TValues extends FieldValues, TOutput> =
  Schema<TValues, TOutput> | (() => Promise<Schema<TValues, TOutput>>);

type Validation<TValues extends FieldValues, TOutput> = {
  resolver: Resolver<TValues, unknown, TOutput>;
  /** Starts loading a lazy schema on the member's first touch; returns its clean-up. */
  loadOnFirstTouch?: () => () => void;
};

/** A schema loaded on the member's first touch of the page (a tap, a key, a focus), else on the first check. */
function lazySchema<TValues extends FieldValues, TOutput>(
  load: () => Promise<Schema<TValues, TOutput>>,
) {
  // A load that failed (a dropped connection) is tried again by the next touch or submit, not kept.
  const start = loadOnce(async () => zodResolver(await load()));
  const resolver: Resolver<TValues, unknown, TOutput> = async (values, context, options) =>
    (await start())(values, context, options);
  const loadOnFirstTouch = () => onFirstTouch(() => void start());
  return { resolver, loadOnFirstTouch };
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
  schema: SchemaSource<TValues, TOutput>,
  defaultValues: DefaultValues<TValues>,
  style: FormStyle = 'checked',
) {
  const fieldError = useFieldError();
  const validation = useMemo<Validation<TValues, TOutput>>(
    () => (typeof schema === 'function' ? lazySchema(schema) : { resolver: zodResolver(schema) }),
    [schema],
  );
  useEffect(() => validation.loadOnFirstTouch?.(), [validation]);
  const form = useForm<TValues, unknown, TOutput>({
    resolver: validation.resolver,
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
