import { phoneSchema } from '@mekong/contracts/fields';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@/components/button';
import { TextField } from '@/components/form/text-field';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { COUNTRY } from '@/lib/config';

const phoneFormSchema = z.object({ phone: phoneSchema(COUNTRY) });

export function PhoneStep({ defaultPhone, onSubmit }: { defaultPhone: string; onSubmit: (phone: string) => Promise<void> }) {
  const { t } = useTranslation();
  const { field, handleSubmit, formState } = useSchemaForm(phoneFormSchema, { phone: defaultPhone });

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
        {...field('phone')}
      />
      <Button type="submit" isBlock isBusy={formState.isSubmitting} data-testid="register-phone-submit">
        {t('register.continue')}
      </Button>
    </form>
  );
}
