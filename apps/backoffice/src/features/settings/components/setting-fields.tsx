import { useState, type ReactNode } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { fromMinor, toMinor } from '@/features/settings/hooks/minor-amount';

/** A field's message code from the contract schema, in the operator's language. */
export function FieldError({ code }: { code?: string | undefined }) {
  const { t } = useTranslation();
  if (!code) return null;
  return (
    <small className="error-text" role="alert">
      {t(`common:errors.${code}`, { defaultValue: code })}
    </small>
  );
}

/** A titled card holding one setting's form; the save button shows only to operators who may save it. */
export function SettingCard({
  title,
  hint,
  canSave,
  isSaving,
  onSubmit,
  testId,
  children,
}: {
  title: string;
  hint?: string;
  canSave: boolean;
  isSaving: boolean;
  onSubmit: () => void;
  testId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section className="card setting-card" data-testid={testId}>
      <h2 className="setting-card__title">{title}</h2>
      {hint ? <p className="muted setting-card__hint">{hint}</p> : null}
      <form
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <fieldset className="setting-card__fields" disabled={!canSave}>
          {children}
        </fieldset>
        {canSave ? (
          <div className="form__actions">
            <Button type="submit" isBusy={isSaving}>
              {t('save')}
            </Button>
          </div>
        ) : null}
      </form>
    </section>
  );
}

/** An amount field shown in baht and held in minor units, as the contract wants it. */
export function MinorAmountField<T extends FieldValues>({
  control,
  name,
  label,
  error,
  testId,
}: {
  control: Control<T>;
  name: Path<T>;
  label: string;
  error?: string | undefined;
  testId?: string;
}) {
  return (
    <label className="field">
      <span>{label}</span>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <AmountInput value={field.value as number} onChange={field.onChange} testId={testId} />
        )}
      />
      <FieldError code={error} />
    </label>
  );
}

function AmountInput({
  value,
  onChange,
  testId,
}: {
  value: number;
  onChange: (minor: number) => void;
  testId?: string | undefined;
}) {
  const [text, setText] = useState(() => fromMinor(value));
  const [seen, setSeen] = useState(value);
  // A reset from outside (the stored value after a save) replaces the text; the operator's own typing does not.
  if (!Object.is(value, seen)) {
    setSeen(value);
    if (!Object.is(toMinor(text), value)) setText(fromMinor(value));
  }
  return (
    <span className="amount-input">
      <input
        inputMode="decimal"
        value={text}
        data-testid={testId}
        onChange={(event) => {
          setText(event.target.value);
          onChange(toMinor(event.target.value));
        }}
      />
      <span className="muted" aria-hidden>
        ฿
      </span>
    </span>
  );
}
