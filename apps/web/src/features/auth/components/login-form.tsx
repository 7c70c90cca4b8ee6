import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/button';
import { TextField } from '@/components/form/text-field';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { errorText } from '@/lib/error-message';
import type { Credentials } from '@/lib/sign-in';
import { FormErrorSlot } from '@/components/form/form-error-slot';
import { LimitNotice } from '@/components/form/limit-notice';

/** Loaded when the member first touches the page (components/form/use-schema-form.ts). */
const loadLoginFormSchema = () =>
  import('@/features/auth/components/login-form-schema').then((m) => m.loginFormSchema);

type LoginFormProps = {
  onSubmit: (credentials: Credentials) => Promise<void>;
  /** A phone to start with (from "sign in instead" on the register page). */
  defaultPhone?: string;
};

/** Where "forgot password?" leads, carrying the phone typed so far. */
function forgotPasswordPath(phone: string): string {
  const typed = phone.trim();
  return typed ? `/forgot-password?${new URLSearchParams({ phone: typed }).toString()}` : '/forgot-password';
}

/** Phone, password and remember-me. A failed sign-in shows its message under the form until the member types again. */
export function LoginForm({ onSubmit, defaultPhone = '' }: LoginFormProps) {
  const { t } = useTranslation();
  const [formError, setFormError] = useState<unknown>(null);
  const { field, register, handleSubmit, watch, formState } = useSchemaForm(loadLoginFormSchema, { username: defaultPhone, password: '', isRemembered: false });

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
      <div className="login-form__row">
        <label className="checkbox">
          <input type="checkbox" className="checkbox__input" data-testid="login-remember" {...register('isRemembered')} />
          <span className="checkbox__box" aria-hidden />
          <span className="checkbox__label">{t('login.rememberMe')}</span>
        </label>
        <Link to={forgotPasswordPath(watch('username') ?? '')} className="link-strong login-form__forgot" data-testid="login-forgot">
          {t('forgotPassword.link')}
        </Link>
      </div>
      <Button type="submit" variant="primary" isBlock isBusy={formState.isSubmitting} data-testid="login-submit">
        {t('login.submit')}
      </Button>
      <FormErrorSlot text={formError !== null ? errorText(t, formError) : null} testId="login-error" />
      <LimitNotice error={formError} />
    </form>
  );
}
