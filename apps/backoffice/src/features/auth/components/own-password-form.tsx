import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { newOperatorPasswordSchema } from '@mekong/contracts/admin/operators';
import { Button } from '@/components/button';
import { ErrorText } from '@/components/error-text';
import { Field, useCodeText } from '@/components/field';
import { setOwnPassword } from '@/features/auth/api/auth-api';

type FormValues = { newPassword: string; again: string };

/**
 * The `password` step of sign-in (docs/back-office/operators.md#first-sign-in): a new or reset operator replaces the
 * password someone else gave them before the authenticator step.
 */
export function OwnPasswordForm({
  challengeToken,
  onDone,
  onRestart,
}: {
  challengeToken: string;
  onDone: (next: 'totp' | 'enrol') => Promise<void>;
  onRestart: () => void;
}) {
  const { t } = useTranslation();
  const codeText = useCodeText();
  const [error, setError] = useState<unknown>(null);
  const form = useForm<FormValues>({ defaultValues: { newPassword: '', again: '' } });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async ({ newPassword }) => {
    setError(null);
    try {
      await onDone((await setOwnPassword(challengeToken, newPassword)).next);
    } catch (failure) {
      setError(failure);
    }
  });

  return (
    <form className="form" onSubmit={(event) => void onSubmit(event)}>
      <h1 id="sign-in-title">{t('auth.passwordTitle')}</h1>
      <p className="muted">{t('auth.passwordBody')}</p>
      <Field label={t('auth.newPassword')} error={codeText(errors.newPassword?.message)}>
        <input
          type="password"
          autoComplete="new-password"
          autoFocus
          {...form.register('newPassword', {
            validate: (value) =>
              newOperatorPasswordSchema.safeParse(value).success || 'OPERATOR_PASSWORD_WEAK',
          })}
        />
      </Field>
      <Field
        label={t('auth.newPasswordAgain')}
        error={errors.again ? t('auth.passwordMismatch') : null}
      >
        <input
          type="password"
          autoComplete="new-password"
          {...form.register('again', {
            validate: (value, values) => value === values.newPassword,
          })}
        />
      </Field>
      <ErrorText error={error} />
      <Button type="submit" isBusy={form.formState.isSubmitting}>
        {t('auth.savePassword')}
      </Button>
      <Button variant="ghost" onClick={onRestart}>
        {t('auth.back')}
      </Button>
    </form>
  );
}
