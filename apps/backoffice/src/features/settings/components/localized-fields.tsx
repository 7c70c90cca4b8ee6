import type { FieldErrors, FieldValues, Path, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FieldError } from '@/features/settings/components/setting-fields';

const LANGS = ['th', 'la', 'en'] as const;

function codeAt(errors: FieldErrors, path: string): string | undefined {
  let node: unknown = errors;
  for (const part of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return (node as { message?: string } | undefined)?.message;
}

/** One text in Thai, Lao and English (each required), as a text field or a larger area. */
export function LocalizedFields<T extends FieldValues>({
  register,
  errors,
  name,
  label,
  isMultiline = false,
  rows = 3,
}: {
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  name: string;
  label: string;
  isMultiline?: boolean;
  rows?: number;
}) {
  const { t } = useTranslation('settings');
  return (
    <fieldset className="localized">
      <legend>{label}</legend>
      <div className="localized__grid">
        {LANGS.map((lang) => {
          const path = `${name}.${lang}` as Path<T>;
          return (
            <label key={lang} className="field" lang={lang === 'la' ? 'lo' : lang}>
              <span>{t(`lang.${lang}`)}</span>
              {isMultiline ? (
                <textarea rows={rows} {...register(path)} data-testid={`${name}-${lang}`} />
              ) : (
                <input {...register(path)} data-testid={`${name}-${lang}`} />
              )}
              <FieldError code={codeAt(errors, path) ?? codeAt(errors, name)} />
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
