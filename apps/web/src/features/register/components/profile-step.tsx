import { zodResolver } from '@hookform/resolvers/zod';
import { nameSchema, newPasswordSchema } from '@mekong/contracts/fields';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@/components/button';
import { TextField } from '@/components/form/text-field';
import { useFieldError } from '@/components/form/use-field-error';

export const profileFormSchema = z
  .object({
    name: nameSchema,
    password: newPasswordSchema,
    confirmPassword: z.string().min(1, { error: 'common.required' }),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], error: 'register.passwordsDoNotMatch' });
type ProfileForm = z.input<typeof profileFormSchema>;

type ProfileStepProps = {
  phone: string;
  defaults: { name: string; password: string };
  onSubmit: (values: { name: string; password: string }) => void;
  onBack: () => void;
};

export function ProfileStep({ phone, defaults, onSubmit, onBack }: ProfileStepProps) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ProfileForm>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: { name: defaults.name, password: defaults.password, confirmPassword: defaults.password },
  });

  return (
    <form className="form" noValidate onSubmit={handleSubmit(({ name, password }) => onSubmit({ name: name.trim(), password }))}>
      <h2 className="step-title">{t('register.profileTitle')}</h2>
      <TextField label={t('register.name')} autoComplete="name" data-testid="register-name" error={fieldError(errors.name)} {...register('name')} />
      <TextField label={t('register.phone')} value={phone} readOnly data-testid="register-profile-phone" />
      <TextField
        label={t('register.password')}
        isPassword
        autoComplete="new-password"
        hint={t('register.passwordHint')}
        data-testid="register-password"
        error={fieldError(errors.password)}
        {...register('password')}
      />
      <TextField
        label={t('register.confirmPassword')}
        isPassword
        autoComplete="new-password"
        data-testid="register-confirm-password"
        error={fieldError(errors.confirmPassword)}
        {...register('confirmPassword')}
      />
      <div className="form-row">
        <Button variant="ghost" onClick={onBack}>
          {t('common.back')}
        </Button>
        <Button type="submit" data-testid="register-profile-submit">
          {t('common.next')}
        </Button>
      </div>
    </form>
  );
}
