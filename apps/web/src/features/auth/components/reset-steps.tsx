import { newPasswordSchema, phoneSchema } from '@mekong/contracts/fields';
import { LogOut } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@/components/button';
import { TextField } from '@/components/form/text-field';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { COUNTRY } from '@/lib/config';
import { errorCodeOf, translateCode } from '@/lib/error-message';
import { FormErrorSlot } from '@/components/form/form-error-slot';
import { NewPasswordFields } from '@/components/form/new-password-fields';
import { LimitNotice } from '@/components/form/limit-notice';

const phoneFormSchema = z.object({ phone: phoneSchema(COUNTRY) });

type PhoneStepProps = {
  defaultPhone: string;
  /** Back here because the verified code could no longer be used: say so at the field. */
  isRestarted: boolean;
  onSubmit: (phone: string) => Promise<void>;
};

/** Step 0: the registered phone. Every refusal (limits, a failed SMS) is shown at the phone field. */
export function ResetPhoneStep({ defaultPhone, isRestarted, onSubmit }: PhoneStepProps) {
  const { t } = useTranslation();
  const [refusal, setRefusal] = useState<unknown>(null);
  const { field, handleSubmit, setError, formState } = useSchemaForm(phoneFormSchema, { phone: defaultPhone });
  useEffect(() => {
    if (isRestarted) setError('phone', { message: 'forgotPassword.restart' });
  }, [isRestarted, setError]);
  const submit = handleSubmit(async ({ phone }) => {
    setRefusal(null);
    try {
      await onSubmit(phone.trim());
    } catch (error) {
      setRefusal(error);
      setError('phone', { message: errorCodeOf(error) }, { shouldFocus: true });
    }
  });
  return (
    <form className="form" noValidate onSubmit={submit}>
      <h2 className="step-title">{t('forgotPassword.phoneTitle')}</h2>
      <TextField label={t('forgotPassword.phone')} type="tel" inputMode="numeric" autoComplete="tel-national" data-testid="forgot-phone" {...field('phone')} />
      <LimitNotice error={refusal} isTimeShown />
      <Button type="submit" isBlock isBusy={formState.isSubmitting} data-testid="forgot-phone-submit">
        {t('forgotPassword.sendCode')}
      </Button>
    </form>
  );
}

const passwordFormSchema = z
  .object({ password: newPasswordSchema, confirmPassword: z.string().min(1, { error: 'common.required' }) })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], error: 'forgotPassword.mismatch' });

/** Step 2: the new password twice. A refusal of the password shows at it; anything else under the form. */
export function ResetPasswordStep({ onSubmit }: { onSubmit: (password: string) => Promise<void> }) {
  const { t } = useTranslation();
  const [formError, setFormError] = useState<string | null>(null);
  const { field, handleSubmit, setError, formState } = useSchemaForm(passwordFormSchema, { password: '', confirmPassword: '' });
  const passwordField = field('password');
  const submit = handleSubmit(async ({ password }) => {
    setFormError(null);
    try {
      await onSubmit(password);
    } catch (error) {
      const code = errorCodeOf(error);
      if (code.startsWith('PASSWORD_') || code === 'INVALID_CHARACTERS') setError('password', { message: code }, { shouldFocus: true });
      else setFormError(code);
    }
  });
  return (
    <form className="form" noValidate onSubmit={submit}>
      <h2 className="step-title">{t('forgotPassword.passwordTitle')}</h2>
      <NewPasswordFields
        password={passwordField}
        confirm={field('confirmPassword')}
        labels={{ password: t('forgotPassword.newPassword'), confirm: t('forgotPassword.confirmPassword'), hint: t('forgotPassword.passwordHint') }}
        testIds={{ password: 'forgot-password', confirm: 'forgot-confirm' }}
      />
      <p className="reset-note">
        <LogOut size={16} aria-hidden />
        {t('forgotPassword.signOutNote')}
      </p>
      <Button type="submit" variant="gold" isBlock isBusy={formState.isSubmitting} data-testid="forgot-submit">
        {t('forgotPassword.submit')}
      </Button>
      <FormErrorSlot text={formError && translateCode(t, formError)} testId="forgot-error" />
    </form>
  );
}
