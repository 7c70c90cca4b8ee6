import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { newOperatorPasswordSchema } from '@mekong/contracts/admin/operators';
import { Field, useCodeText } from '@/components/field';
import { FormDialog } from '@/components/form-dialog';
import { useAdminMutation } from '@/components/use-admin-mutation';
import { changeOwnPassword } from '@/features/operators/api/operators-api';

const schema = z.object({
  currentPassword: z.string().min(1),
  newPassword: newOperatorPasswordSchema,
});
type FormValues = z.infer<typeof schema>;

/** Any operator's own password (asked from the top bar). */
export function ChangePasswordDialog(dialog: { isOpen: boolean; onClose: () => void }) {
  const { isOpen, onClose } = dialog;
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
  const codeText = useCodeText();
  return (
    <FormDialog
      {...dialog}
      title={t('changePassword')}
      submitText={t('common:save')}
      isBusy={change.isPending}
      onSubmit={(event) => void form.handleSubmit((values) => change.mutate(values))(event)}
    >
      <Field label={t('currentPassword')}>
        <input
          type="password"
          autoComplete="current-password"
          {...form.register('currentPassword')}
        />
      </Field>
      <Field label={t('newPassword')} error={codeText(form.formState.errors.newPassword?.message)}>
        <input type="password" autoComplete="new-password" {...form.register('newPassword')} />
      </Field>
    </FormDialog>
  );
}
