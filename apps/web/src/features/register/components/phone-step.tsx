import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { TextField } from '@/components/form/text-field';
import { LimitNotice } from '@/components/form/limit-notice';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { errorCodeOf } from '@/lib/error-message';
import { SignInInstead } from '@/features/register/components/sign-in-instead';

/** Loaded when the member first touches the page (components/form/use-schema-form.ts). */
const loadPhoneFormSchema = () =>
  import('@/features/register/components/phone-form-schema').then((m) => m.phoneFormSchema);

/** Step 0. Every refusal shows at the phone field; a phone that already has an account offers to sign in instead. */
export function PhoneStep({ defaultPhone, onSubmit }: { defaultPhone: string; onSubmit: (phone: string) => Promise<void> }) {
  const { t } = useTranslation();
  const [takenPhone, setTakenPhone] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<unknown>(null);
  const { field, handleSubmit, setError, watch, formState } = useSchemaForm(loadPhoneFormSchema, { phone: defaultPhone });
  const submit = handleSubmit(async ({ phone }) => {
    const typed = phone.trim();
    setTakenPhone(null);
    setRefusal(null);
    try {
      await onSubmit(typed);
    } catch (error) {
      setRefusal(error);
      const code = errorCodeOf(error);
      setError('phone', { message: code }, { shouldFocus: true });
      if (code === 'EXISTING_USER') setTakenPhone(typed);
    }
  });
  const isTakenShown = takenPhone !== null && (watch('phone') ?? '').trim() === takenPhone;
  return (
    <form className="form" noValidate onSubmit={submit}>
      <h2 className="step-title">{t('register.phoneTitle')}</h2>
      <TextField
        label={t('register.phone')}
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        hint={t('register.phoneHint')}
        data-testid="register-phone"
        {...field('phone')}
      />
      <LimitNotice error={refusal} isTimeShown />
      {isTakenShown && <SignInInstead phone={takenPhone} isPrimary />}
      <Button type="submit" variant={isTakenShown ? 'ghost' : 'primary'} isBlock isBusy={formState.isSubmitting} data-testid="register-phone-submit">
        {t('register.continue')}
      </Button>
    </form>
  );
}
