import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { reasonSchema } from '@mekong/contracts/admin/admin-contract';
import { Field, useCodeText } from '@/components/field';
import { FormDialog, type FormDialogProps } from '@/components/form-dialog';

type ReasonDialogProps = Pick<
  FormDialogProps,
  'isOpen' | 'onClose' | 'title' | 'summary' | 'variant' | 'isBusy'
> & {
  confirmText: string;
  isReasonRequired?: boolean;
  onConfirm: (reason: string) => void;
};

/** Confirms a decision with the reason the operator types (kept in the audit trail). */
export function ReasonDialog({
  isReasonRequired,
  onConfirm,
  confirmText,
  ...dialog
}: ReasonDialogProps) {
  const { t } = useTranslation();
  const codeText = useCodeText();
  const schema = z.object({
    reason: isReasonRequired === false ? z.string().trim().max(500) : reasonSchema,
  });
  const form = useForm<{ reason: string }>({
    resolver: zodResolver(schema),
    defaultValues: { reason: '' },
  });
  const { isOpen } = dialog;
  useEffect(() => {
    if (isOpen) form.reset({ reason: '' });
  }, [isOpen, form]);
  return (
    <FormDialog
      {...dialog}
      submitText={confirmText}
      onSubmit={(event) => void form.handleSubmit((v) => onConfirm(v.reason))(event)}
    >
      <Field
        label={isReasonRequired === false ? t('reasonOptional') : t('reason')}
        error={codeText(form.formState.errors.reason?.message)}
      >
        <textarea rows={3} maxLength={500} {...form.register('reason')} />
      </Field>
    </FormDialog>
  );
}
