import { useId, useState, type ReactNode } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { FieldError, LocalizedFields, type LocalizedFieldsProps } from '@/components/form-fields';

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
      <FieldError code={fieldState.error?.message} />
    </div>
  );
}

/** A section of a promotion editor: a fieldset under its legend, disabled while the operator may not edit. */
export function PromoSection(props: { legend?: string; isDisabled: boolean; children: ReactNode }) {
  return (
    <fieldset className="promo-section" disabled={props.isDisabled}>
      {props.legend ? <legend>{props.legend}</legend> : null}
      {props.children}
    </fieldset>
  );
}

/** A promotion's text in Thai, Lao and English, laid out as in every promotion editor. */
export function PromoLocalizedFields<T extends FieldValues>(
  props: Omit<LocalizedFieldsProps<T>, 'className'>,
) {
  return <LocalizedFields {...props} className="promo-localized" />;
}
