import type { ReactNode } from 'react';
import {
  useController,
  useFormState,
  type Control,
  type FieldPath,
  type FieldValues,
  type UseFormRegisterReturn,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';

/** A field's message code (the contract schema's), in the operator's language; the code itself when unknown. */
export function FieldError({ code }: { code?: string | undefined }) {
  const { t } = useTranslation();
  if (!code) return null;
  return (
    <small className="error-text" role="alert">
      {t(`common:errors.${code}`, { defaultValue: code })}
    </small>
  );
}

/** A labelled field: its label, the input given as child, and its error. */
export function Field({
  label,
  error,
  children,
}: {
  label: string;
  error?: string | undefined;
  children: ReactNode;
}) {
  return (
    <label className="field">
      <span>{label}</span>
      {children}
      <FieldError code={error} />
    </label>
  );
}

/** A choice among fixed values (a type, a kind): a labelled select of each value with its text. */
export function SelectField<V extends string>({
  label,
  registration,
  values,
  textOf,
  error,
  isDisabled,
}: {
  label: string;
  registration: UseFormRegisterReturn;
  values: readonly V[];
  textOf: (value: V) => string;
  error?: string | undefined;
  isDisabled?: boolean;
}) {
  return (
    <Field label={label} error={error}>
      <select {...registration} disabled={isDisabled ?? registration.disabled}>
        <Options values={values} textOf={textOf} />
      </select>
    </Field>
  );
}

/** A yes/no setting: a checkbox with its label beside it. */
export function CheckboxField({
  label,
  registration,
  testId,
}: {
  label: string;
  registration: UseFormRegisterReturn;
  testId?: string;
}) {
  return (
    <label className="field field--inline">
      <input type="checkbox" {...registration} data-testid={testId} />
      <span>{label}</span>
    </label>
  );
}

/** The save button of a form, shown only to operators who may save it. */
export function SaveActions({ canSave, isSaving }: { canSave: boolean; isSaving: boolean }) {
  const { t } = useTranslation();
  // Without the permission the fields are shown disabled: say why, so nobody looks for a missing button.
  if (!canSave) return <p className="muted form__read-only">{t('common:readOnly')}</p>;
  return (
    <div className="form__actions">
      <Button type="submit" isBusy={isSaving}>
        {t('common:save')}
      </Button>
    </div>
  );
}

const LANGS = ['th', 'la', 'en'] as const;

function messageAt(errors: unknown, path: string): string | undefined {
  let node = errors;
  for (const part of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return (node as { message?: string } | undefined)?.message;
}

export type LocalizedFieldsProps<T extends FieldValues> = {
  control: Control<T>;
  /** The path of a { th, la, en } object. */
  name: string;
  label: string;
  isMultiline?: boolean;
  rows?: number;
  /** The fieldset's class: how the screen lays the three languages out. */
  className: string;
};

/** One text in Thai, Lao and English (each required), as text fields or larger areas. */
export function LocalizedFields<T extends FieldValues>(props: LocalizedFieldsProps<T>) {
  const { t } = useTranslation();
  const { errors } = useFormState({ control: props.control, name: props.name as FieldPath<T> });
  return (
    <fieldset className={props.className}>
      <legend>{props.label}</legend>
      <div className="localized__grid">
        {LANGS.map((lang) => {
          const path = `${props.name}.${lang}`;
          return (
            <label key={lang} className="field" lang={lang === 'la' ? 'lo' : lang}>
              <span>{t(`common:lang.${lang}`)}</span>
              <LocalizedInput
                control={props.control}
                name={path as FieldPath<T>}
                testId={`${props.name}-${lang}`}
                rows={props.isMultiline ? (props.rows ?? 3) : undefined}
              />
              <FieldError code={messageAt(errors, path) ?? messageAt(errors, props.name)} />
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

function LocalizedInput<T extends FieldValues>(props: {
  control: Control<T>;
  name: FieldPath<T>;
  testId: string;
  /** A text area of this many rows; a one-line input when absent. */
  rows: number | undefined;
}) {
  const { field, fieldState } = useController({ control: props.control, name: props.name });
  const input = {
    name: field.name,
    value: typeof field.value === 'string' ? field.value : '',
    onBlur: field.onBlur,
    ref: field.ref,
    'aria-invalid': fieldState.error ? true : undefined,
    'data-testid': props.testId,
  };
  return props.rows === undefined ? (
    <input {...input} onChange={(e) => field.onChange(e.target.value)} />
  ) : (
    <textarea rows={props.rows} {...input} onChange={(e) => field.onChange(e.target.value)} />
  );
}

/** The options of a select: each value with its text. */
export function Options<V extends string>({
  values,
  textOf,
}: {
  values: readonly V[];
  textOf: (value: V) => string;
}) {
  return (
    <>
      {values.map((value) => (
        <option key={value} value={value}>
          {textOf(value)}
        </option>
      ))}
    </>
  );
}
