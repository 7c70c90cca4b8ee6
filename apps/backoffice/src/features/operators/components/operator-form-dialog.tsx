import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { roleSchema, type Role } from '@mekong/contracts/admin/admin-contract';
import type { OperatorRow } from '@mekong/contracts/admin/operators';
import { newUsernameSchema } from '@mekong/contracts/admin/operators';
import { Field, useCodeText } from '@/components/field';
import { FormDialog } from '@/components/form-dialog';

const ROLES: Role[] = ['owner', 'finance', 'support', 'marketing', 'auditor'];

const schema = z.object({
  username: z.string(),
  displayName: z.string().trim().min(1, { error: 'INVALID_REQUEST' }).max(80),
  role: roleSchema,
  status: z.enum(['active', 'disabled', 'pending']),
});
type FormValues = z.infer<typeof schema>;

type Props = {
  /** null: a new operator. */
  operator: OperatorRow | null;
  isOpen: boolean;
  isBusy: boolean;
  onClose: () => void;
  onSave: (values: FormValues) => void;
};

export function OperatorFormDialog({ operator, isOpen, isBusy, onClose, onSave }: Props) {
  const { t } = useTranslation('operators');
  const form = useForm<FormValues>({
    resolver: zodResolver(operator ? schema : schema.extend({ username: newUsernameSchema })),
    defaultValues: { username: '', displayName: '', role: 'support', status: 'active' },
  });
  useEffect(() => {
    if (isOpen)
      form.reset(
        operator
          ? {
              username: operator.username,
              displayName: operator.displayName,
              role: operator.role,
              status: operator.status,
            }
          : { username: '', displayName: '', role: 'support', status: 'active' },
      );
  }, [isOpen, operator, form]);
  const errors = form.formState.errors;
  const codeText = useCodeText();

  return (
    <FormDialog
      isOpen={isOpen}
      onClose={onClose}
      title={operator ? t('edit') : t('add')}
      submitText={operator ? t('common:save') : t('create')}
      isBusy={isBusy}
      onSubmit={(event) => void form.handleSubmit(onSave)(event)}
    >
      <Field label={t('username')} error={codeText(errors.username?.message)}>
        <input autoComplete="off" disabled={operator !== null} {...form.register('username')} />
      </Field>
      <Field label={t('displayName')} error={codeText(errors.displayName?.message)}>
        <input autoComplete="off" {...form.register('displayName')} />
      </Field>
      <Field label={t('role')}>
        <select {...form.register('role')}>
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {t(`common:role.${role}`)}
            </option>
          ))}
        </select>
      </Field>
      {operator ? (
        <Field label={t('status')}>
          <select {...form.register('status')}>
            {operator.status === 'pending' ? (
              <option value="pending">{t('pending')}</option>
            ) : (
              <option value="active">{t('active')}</option>
            )}
            <option value="disabled">{t('disabled')}</option>
          </select>
        </Field>
      ) : null}
    </FormDialog>
  );
}
