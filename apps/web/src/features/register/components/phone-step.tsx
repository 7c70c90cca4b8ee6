import { zodResolver } from '@hookform/resolvers/zod';
import { phoneSchema } from '@mekong/contracts/fields';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@/components/button';
import { TextField } from '@/components/form/text-field';
import { useFieldError } from '@/components/form/use-field-error';
import { COUNTRY } from '@/lib/config';

const phoneFormSchema = z.object({ phone: phoneSchema(COUNTRY) });
type PhoneForm = z.input<typeof phoneFormSchema>;

export function PhoneStep({ defaultPhone, onSubmit }: { defaultPhone: string; onSubmit: (phone: string) => Promise<void> }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<PhoneForm>({ resolver: zodResolver(phoneFormSchema), defaultValues: { phone: defaultPhone } });

  return (
    <form className="form" noValidate onSubmit={handleSubmit(async ({ phone }) => onSubmit(phone.trim()))}>
      <h2 className="step-title">{t('register.phoneTitle')}</h2>
      <TextField
        label={t('register.phone')}
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        hint={t('register.phoneHint')}
        data-testid="register-phone"
        error={fieldError(errors.phone)}
        {...register('phone')}
      />
      <Button type="submit" isBlock isBusy={isSubmitting} data-testid="register-phone-submit">
        {t('register.continue')}
      </Button>
    </form>
  );
}
