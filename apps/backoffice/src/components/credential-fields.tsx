import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field } from '@/components/field';

/** The operator's password, as asked at sign-in and again before a money decision. */
export function PasswordField({ input }: { input: UseFormRegisterReturn }) {
  const { t } = useTranslation();
  return (
    <Field label={t('auth.password')}>
      <input type="password" autoComplete="current-password" {...input} />
    </Field>
  );
}

/** The authenticator's code (or a recovery code, hence up to 14 characters). */
export function CodeField({ input, hint }: { input: UseFormRegisterReturn; hint?: string }) {
  const { t } = useTranslation();
  return (
    <Field label={t('auth.code')}>
      <input
        inputMode="numeric"
        autoComplete="one-time-code"
        autoFocus={hint !== undefined}
        maxLength={14}
        {...input}
      />
      {hint ? <small className="muted">{hint}</small> : null}
    </Field>
  );
}
