import { nameSchema, newPasswordSchema } from '@mekong/contracts/fields';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { TextField } from '@/components/form/text-field';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { StepActions } from '@/features/register/components/step-actions';
import { NewPasswordFields } from '@/components/form/new-password-fields';

export const profileFormSchema = z
  .object({
    name: nameSchema,
    password: newPasswordSchema,
    confirmPassword: z.string().min(1, { error: 'common.required' }),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], error: 'register.passwordsDoNotMatch' });

type ProfileStepProps = {
  phone: string;
  defaults: { name: string; password: string };
  onSubmit: (values: { name: string; password: string }) => void;
  onBack: () => void;
};

export function ProfileStep({ phone, defaults, onSubmit, onBack }: ProfileStepProps) {
  const { t } = useTranslation();
  const { field, handleSubmit } = useSchemaForm(profileFormSchema, { name: defaults.name, password: defaults.password, confirmPassword: defaults.password });
  const passwordField = field('password');

  return (
    <form className="form" noValidate onSubmit={handleSubmit(({ name, password }) => onSubmit({ name: name.trim(), password }))}>
      <h2 className="step-title">{t('register.profileTitle')}</h2>
      <TextField label={t('register.name')} autoComplete="name" data-testid="register-name" {...field('name')} />
      <TextField label={t('register.phone')} value={phone} readOnly data-testid="register-profile-phone" />
      <NewPasswordFields
        password={passwordField}
        confirm={field('confirmPassword')}
        labels={{ password: t('register.password'), confirm: t('register.confirmPassword'), hint: t('register.passwordHint') }}
        testIds={{ password: 'register-password', confirm: 'register-confirm-password' }}
      />
      <StepActions onBack={onBack} testId="register-profile-submit">
        {t('common.next')}
      </StepActions>
    </form>
  );
}
