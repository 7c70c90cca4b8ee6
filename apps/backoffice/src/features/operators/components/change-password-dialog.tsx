import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { newOperatorPasswordSchema } from '@mekong/contracts/admin/operators';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { useAdminMutation } from '@/components/use-admin-mutation';
import { changeOwnPassword } from '@/features/operators/api/operators-api';

const schema = z.object({
  currentPassword: z.string().min(1),
  newPassword: newOperatorPasswordSchema,
});
type FormValues = z.infer<typeof schema>;

/** Any operator's own password (asked from the top bar). */
export function ChangePasswordDialog({
  isOpen,
  onClose,
}: {
  isOpen: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('operators');
  const form = useForm<FormValues>({
    resolver: zodResolver(schema),
    defaultValues: { currentPassword: '', newPassword: '' },
  });
  useEffect(() => {
    if (isOpen) form.reset();
  }, [isOpen, form]);
  const change = useAdminMutation({
    run: (values: FormValues) => changeOwnPassword(values.currentPassword, values.newPassword),
    successText: () => t('passwordChanged'),
    onSuccess: onClose,
  });
  const error = form.formState.errors.newPassword?.message;
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={t('changePassword')}>
      <form
        className="form"
        onSubmit={(event) => void form.handleSubmit((values) => change.mutate(values))(event)}
      >
        <label className="field">
          <span>{t('currentPassword')}</span>
          <input
            type="password"
            autoComplete="current-password"
            {...form.register('currentPassword')}
          />
        </label>
        <label className="field">
          <span>{t('newPassword')}</span>
          <input type="password" autoComplete="new-password" {...form.register('newPassword')} />
          {error ? (
            <p className="error-text">{t(`common:errors.${error}`, { defaultValue: error })}</p>
          ) : null}
        </label>
        <div className="form__actions">
          <Button variant="secondary" onClick={onClose}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" isBusy={change.isPending}>
            {t('common:save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
