import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The text of a form error code (a zod message), the raw code when the catalogue has none. */
export function useCodeText() {
  const { t } = useTranslation();
  return (code: string | undefined) =>
    code ? t(`common:errors.${code}`, { defaultValue: code }) : null;
}

/** A labelled form input with its optional hint and the error below it. */
export function Field({
  label,
  hint,
  error,
  children,
}: {
  label: string;
  hint?: ReactNode;
  error?: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      <label className="field">
        <span>{label}</span>
        {children}
        {hint ? <small>{hint}</small> : null}
      </label>
      {error ? (
        <p className="error-text" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}
