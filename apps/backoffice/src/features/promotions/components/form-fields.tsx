import { useId, useState } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

/** Form pieces of the promotions screens: a field's message code shown as text, numbers and amounts typed as text. */

export function FieldError({ message }: { message: string | undefined }) {
  const { t, i18n } = useTranslation();
  if (!message) return null;
  const key = `common:errors.${message}`;
  return (
    <span className="error-text" role="alert">
      {i18n.exists(key) ? t(key) : message}
    </span>
  );
}

type NumberFieldProps<T extends FieldValues> = {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  /** Amounts are typed in baht (two decimals) and kept in minor units. */
  isMoney?: boolean;
  /** Empty means null (no cap, no quota…); otherwise empty is invalid. */
  isNullable?: boolean;
  hint?: string;
  suffix?: string;
  isDisabled?: boolean;
};

function toText(value: unknown, isMoney: boolean): string {
  if (typeof value !== 'number' || Number.isNaN(value)) return '';
  return isMoney ? (value / 100).toFixed(2).replace(/\.00$/, '') : String(value);
}

function fromText(text: string, isMoney: boolean, isNullable: boolean): number | null {
  const clean = text.replace(/[,\s฿₭%]/g, '');
  if (clean === '') return isNullable ? null : Number.NaN;
  if (isMoney) {
    if (!/^\d{1,12}(\.\d{1,2})?$/.test(clean)) return Number.NaN;
    const [whole = '0', fraction = ''] = clean.split('.');
    return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  }
  return /^-?\d+(\.\d+)?$/.test(clean) ? Number(clean) : Number.NaN;
}

/**
 * A number or amount typed as text; the form holds the number (minor units for money), NaN when unreadable. The text
 * is read once: a form showing another item is mounted anew (keyed by it).
 */
export function NumberField<T extends FieldValues>(props: NumberFieldProps<T>) {
  const { field, fieldState } = useController({ control: props.control, name: props.name });
  const isMoney = props.isMoney ?? false;
  const [text, setText] = useState(() => toText(field.value, isMoney));
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <span className="promo-input">
        <input
          id={id}
          inputMode="decimal"
          value={text}
          onChange={(event) => {
            const value = fromText(event.target.value, isMoney, props.isNullable ?? false);
            setText(event.target.value);
            field.onChange(value);
          }}
          onBlur={field.onBlur}
          name={field.name}
          disabled={props.isDisabled}
          aria-invalid={fieldState.error ? true : undefined}
          aria-describedby={props.hint ? `${id}-hint` : undefined}
        />
        {props.suffix ? <span className="muted">{props.suffix}</span> : null}
      </span>
      {props.hint ? (
        <small id={`${id}-hint`} className="muted">
          {props.hint}
        </small>
      ) : null}
      <FieldError message={fieldState.error?.message} />
    </div>
  );
}

type LocalizedProps<T extends FieldValues> = {
  control: Control<T>;
  /** The path of a { th, la, en } object. */
  name: string;
  label: string;
  isMultiline?: boolean;
};

const LANGS = ['th', 'la', 'en'] as const;

/** One text in Thai, Lao and English, side by side. */
export function LocalizedFields<T extends FieldValues>(props: LocalizedProps<T>) {
  const { t } = useTranslation('promotions');
  return (
    <fieldset className="promo-localized">
      <legend>{props.label}</legend>
      {LANGS.map((lang) => (
        <LocalizedInput
          key={lang}
          control={props.control}
          name={`${props.name}.${lang}` as FieldPath<T>}
          label={t(`lang.${lang}`)}
          isMultiline={props.isMultiline}
        />
      ))}
    </fieldset>
  );
}

function LocalizedInput<T extends FieldValues>(props: {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  isMultiline?: boolean;
}) {
  const { field, fieldState } = useController({ control: props.control, name: props.name });
  const id = useId();
  const common = {
    id,
    name: field.name,
    value: typeof field.value === 'string' ? field.value : '',
    onBlur: field.onBlur,
    'aria-invalid': fieldState.error ? true : undefined,
  };
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      {props.isMultiline ? (
        <textarea rows={3} {...common} onChange={(e) => field.onChange(e.target.value)} />
      ) : (
        <input {...common} onChange={(e) => field.onChange(e.target.value)} />
      )}
      <FieldError message={fieldState.error?.message} />
    </div>
  );
}
