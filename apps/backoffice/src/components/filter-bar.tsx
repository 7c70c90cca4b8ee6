import { useState } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type UseFormReturn,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';

export type Choice = { value: string; label: string };

/** One filter input, described as data: a text, search, date or decimal input, or a select of choices. */
export type FilterField<F extends FieldValues> = {
  name: Path<F>;
  label: string;
  type?: 'text' | 'search' | 'date' | 'decimal';
  placeholder?: string;
  /** Given: the field is a select of these choices. */
  choices?: readonly Choice[];
  isWide?: boolean;
};

/** Select choices: the optional "any" choice first, then each value with its text. */
export function choicesOf(
  values: readonly string[],
  labelOf: (value: string) => string,
  anyLabel?: string,
): Choice[] {
  const choices = values.map((value) => ({ value, label: labelOf(value) }));
  return anyLabel === undefined ? choices : [{ value: '', label: anyLabel }, ...choices];
}

/** The From and To date inputs most lists filter by (labels in the caller's namespace). */
export function dateFields<F extends { from: string; to: string }>(
  t: (key: 'from' | 'to') => string,
): FilterField<F>[] {
  return [
    { name: 'from' as Path<F>, label: t('from'), type: 'date' },
    { name: 'to' as Path<F>, label: t('to'), type: 'date' },
  ];
}

/**
 * The filters of a paged list: the form being typed, the values applied (Search), and the page, back to 1 whenever
 * the filter changes.
 */
export function useListFilter<F extends FieldValues>(empty: F, pageSize: number) {
  const [applied, setApplied] = useState(empty);
  const [page, setPage] = useState(1);
  const form = useForm<F>({ defaultValues: empty as DefaultValues<F> });
  const apply = (values: F) => {
    setApplied(values);
    setPage(1);
  };
  return {
    applied,
    page,
    paging: { page, pageSize, onPageChange: setPage },
    bar: {
      form,
      onSubmit: form.handleSubmit(apply),
      onReset: () => {
        form.reset(empty);
        apply(empty);
      },
    },
  };
}

type FilterBarProps<F extends FieldValues> = {
  form: UseFormReturn<F>;
  fields: readonly FilterField<F>[];
  onSubmit: () => Promise<void>;
  onReset: () => void;
};

/** The filters above a queue or list: its fields, then Search and Clear. */
export function FilterBar<F extends FieldValues>({
  form,
  fields,
  onSubmit,
  onReset,
}: FilterBarProps<F>) {
  const { t } = useTranslation();
  return (
    <form
      className="filters"
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
    >
      {fields.map((field) => (
        <label key={field.name} className={field.isWide ? 'field field--search' : 'field'}>
          <span>{field.label}</span>
          {field.choices ? (
            <select {...form.register(field.name)}>
              {field.choices.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </select>
          ) : (
            <input
              type={field.type === 'decimal' ? undefined : field.type}
              inputMode={field.type === 'decimal' ? 'decimal' : undefined}
              placeholder={field.placeholder}
              {...form.register(field.name)}
            />
          )}
        </label>
      ))}
      <div className="filters__actions">
        <Button type="submit">{t('common:search')}</Button>
        <Button variant="ghost" onClick={onReset}>
          {t('common:reset')}
        </Button>
      </div>
    </form>
  );
}
