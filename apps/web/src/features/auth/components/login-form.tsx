import { loginBodySchema } from '@mekong/contracts/account';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@/components/button';
import { TextField } from '@/components/form/text-field';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { COUNTRY } from '@/lib/config';
import { errorText } from '@/lib/error-message';
import type { Credentials } from '@/features/auth/api/auth-api';

const loginFormSchema = loginBodySchema(COUNTRY).extend({ isRemembered: z.boolean() });

type LoginFormProps = {
  onSubmit: (credentials: Credentials) => Promise<void>;
};

/** Phone, password and remember-me. A failed sign-in shows its message under the form until the member types again. */
export function LoginForm({ onSubmit }: LoginFormProps) {
  const { t } = useTranslation();
  const [formError, setFormError] = useState<unknown>(null);
  const { field, register, handleSubmit, watch, formState } = useSchemaForm(loginFormSchema, { username: '', password: '', isRemembered: false });

  useEffect(() => {
    const subscription = watch((_values, { type }) => {
      if (type === 'change') setFormError(null);
    });
    return () => subscription.unsubscribe();
  }, [watch]);

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await onSubmit({ username: values.username.trim(), password: values.password, isRemembered: values.isRemembered });
    } catch (error) {
      setFormError(error);
    }
  });

  return (
    <form className="form" onSubmit={submit} noValidate aria-label={t('login.title')}>
      <TextField label={t('login.phone')} type="tel" inputMode="numeric" autoComplete="username" data-testid="login-phone" {...field('username')} />
      <TextField label={t('login.password')} isPassword autoComplete="current-password" data-testid="login-password" {...field('password')} />
      <label className="checkbox">
        <input type="checkbox" className="checkbox__input" data-testid="login-remember" {...register('isRemembered')} />
        <span className="checkbox__box" aria-hidden />
        <span className="checkbox__label">{t('login.rememberMe')}</span>
      </label>
      <Button type="submit" variant="primary" isBlock isBusy={formState.isSubmitting} data-testid="login-submit">
        {t('login.submit')}
      </Button>
      <div className="form-error-slot" aria-live="assertive">
        {formError !== null && (
          <p className="form-error" role="alert" data-testid="login-error">
            {errorText(t, formError)}
          </p>
        )}
      </div>
    </form>
  );
}
