import { useState, type ComponentType, type ReactNode } from 'react';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Permission } from '@mekong/contracts/admin/admin-contract';
import type { AdminSettings } from '@mekong/contracts/admin/settings';
import type { PendingSettingChange } from '@mekong/contracts/admin/setting-changes';
import { FieldError, SaveActions } from '@/components/form-fields';
import { useCan } from '@/lib/use-operator';
import { fromMinor, toMinor } from '@/features/settings/hooks/minor-amount';
import { PendingNote } from '@/features/settings/components/pending-changes';

/** What each setting's form gets from its section: the stored settings and whether the operator may save. */
export type FormProps = { settings: AdminSettings; canSave: boolean };

/** A tab of the settings page: its forms, which the operator may save when their role has the permission. */
export function SettingForms({
  settings,
  permission,
  forms,
  layout = 'settings-grid',
}: {
  settings: AdminSettings;
  permission: Permission;
  forms: readonly ComponentType<FormProps>[];
  /** A grid of cards, or full-width cards one under the other. */
  layout?: 'settings-grid' | 'settings-stack';
}) {
  const canSave = useCan(permission);
  return (
    <div className={layout}>
      {forms.map((Form, index) => (
        <Form key={index} settings={settings} canSave={canSave} />
      ))}
    </div>
  );
}

/**
 * A titled card holding one setting's form (title and hint are the texts `<section>.title` and `<section>.hint`);
 * the save button shows only to operators who may save it. While a change of it waits for a second operator the card
 * shows that change and cannot be saved again.
 */
export function SettingCard({
  section,
  setting,
  hint,
  canSave,
  testId,
  children,
}: {
  section: string;
  /** The form of useSettingForm. */
  setting: { onSubmit: () => void; isSaving: boolean; pending?: PendingSettingChange | null };
  /** Replaces the section's hint. */
  hint?: string;
  canSave: boolean;
  testId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('settings');
  const { pending } = setting;
  return (
    <section className="card setting-card" data-testid={testId}>
      <h2 className="setting-card__title">{t(`${section}.title`)}</h2>
      <p className="muted setting-card__hint">{hint ?? t(`${section}.hint`)}</p>
      {pending ? <PendingNote change={pending} /> : null}
      <form
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          setting.onSubmit();
        }}
      >
        <fieldset className="setting-card__fields" disabled={!canSave || Boolean(pending)}>
          {children}
        </fieldset>
        {pending ? null : <SaveActions canSave={canSave} isSaving={setting.isSaving} />}
      </form>
    </section>
  );
}

/** Amount fields side by side, one per entry. */
export function MinorAmountFields<T extends FieldValues>({
  control,
  fields,
}: {
  control: Control<T>;
  fields: { name: Path<T>; label: string; testId?: string }[];
}) {
  return (
    <div className="field-row">
      {fields.map((field) => (
        <MinorAmountField key={field.name} control={control} {...field} />
      ))}
    </div>
  );
}

/** An amount field shown in baht and held in minor units, as the contract wants it. */
export function MinorAmountField<T extends FieldValues>({
  control,
  name,
  label,
  testId,
}: {
  control: Control<T>;
  name: Path<T>;
  label: string;
  testId?: string;
}) {
  const { field, fieldState } = useController({ control, name });
  return (
    <label className="field">
      <span>{label}</span>
      <AmountInput value={field.value as number} onChange={field.onChange} testId={testId} />
      <FieldError code={fieldState.error?.message} />
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
