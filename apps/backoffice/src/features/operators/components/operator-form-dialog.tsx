import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { roleSchema, type Role } from '@mekong/contracts/admin/admin-contract';
import type { OperatorRow } from '@mekong/contracts/admin/operators';
import { newUsernameSchema } from '@mekong/contracts/admin/operators';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';

const ROLES: Role[] = ['owner', 'finance', 'support', 'marketing', 'auditor'];

const schema = z.object({
  username: z.string(),
  displayName: z.string().trim().min(1, { error: 'INVALID_REQUEST' }).max(80),
  role: roleSchema,
  status: z.enum(['active', 'disabled']),
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
  const errorText = (code?: string) =>
    code ? t(`common:errors.${code}`, { defaultValue: code }) : null;

  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={operator ? t('edit') : t('add')}>
      <form className="form" onSubmit={(event) => void form.handleSubmit(onSave)(event)}>
        <label className="field">
          <span>{t('username')}</span>
          <input autoComplete="off" disabled={operator !== null} {...form.register('username')} />
          {errors.username ? (
            <p className="error-text">{errorText(errors.username.message)}</p>
          ) : null}
        </label>
        <label className="field">
          <span>{t('displayName')}</span>
          <input autoComplete="off" {...form.register('displayName')} />
          {errors.displayName ? (
            <p className="error-text">{errorText(errors.displayName.message)}</p>
          ) : null}
        </label>
        <label className="field">
          <span>{t('role')}</span>
          <select {...form.register('role')}>
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {t(`common:role.${role}`)}
              </option>
            ))}
          </select>
        </label>
        {operator ? (
          <label className="field">
            <span>{t('status')}</span>
            <select {...form.register('status')}>
              <option value="active">{t('active')}</option>
              <option value="disabled">{t('disabled')}</option>
            </select>
          </label>
        ) : null}
        <div className="form__actions">
          <Button variant="secondary" onClick={onClose}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" isBusy={isBusy}>
            {operator ? t('common:save') : t('create')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
