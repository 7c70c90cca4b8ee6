import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { reasonSchema } from '@mekong/contracts/admin/admin-contract';
import { Field, useCodeText } from '@/components/field';
import { FormDialog } from '@/components/form-dialog';
import { parseAmountToMinor } from '@/lib/format';

type Props = {
  isOpen: boolean;
  onClose: () => void;
  verifierAmountMinor: number | null;
  summary: ReactNode;
  isBusy: boolean;
  onConfirm: (body: { reason: string; amountMinor?: number }) => void;
};

/** Credits a slip: the verifier's amount, or one the operator types (required when the verifier gave none). */
export function SlipCreditDialog({ verifierAmountMinor, onConfirm, ...dialog }: Props) {
  const { t } = useTranslation('moneyIn');
  const codeText = useCodeText();
  const isAmountRequired = verifierAmountMinor === null;
  const schema = z.object({
    amount: z
      .string()
      .refine((v) => (v.trim() === '' ? !isAmountRequired : parseAmountToMinor(v) !== null), {
        error: isAmountRequired ? 'AMOUNT_REQUIRED' : 'INVALID_AMOUNT',
      }),
    reason: reasonSchema,
  });
  const form = useForm<{ amount: string; reason: string }>({
    resolver: zodResolver(schema),
    defaultValues: { amount: '', reason: '' },
  });
  const { isOpen } = dialog;
  useEffect(() => {
    if (isOpen) form.reset({ amount: '', reason: '' });
  }, [isOpen, form]);
  const errors = form.formState.errors;
  const onSubmit = form.handleSubmit((v) => {
    const typed = v.amount.trim() === '' ? null : parseAmountToMinor(v.amount);
    onConfirm(typed === null ? { reason: v.reason } : { reason: v.reason, amountMinor: typed });
  });
  return (
    <FormDialog
      {...dialog}
      title={t('creditTitle')}
      submitText={t('credit')}
      onSubmit={(event) => void onSubmit(event)}
    >
      <Field
        label={t('amountLabel')}
        hint={isAmountRequired ? null : t('amountHint')}
        error={
          errors.amount?.message === 'AMOUNT_REQUIRED'
            ? t('amountRequired')
            : codeText(errors.amount?.message)
        }
      >
        <input inputMode="decimal" autoComplete="off" {...form.register('amount')} />
      </Field>
      <Field label={t('common:reason')} error={codeText(errors.reason?.message)}>
        <textarea rows={3} maxLength={500} {...form.register('reason')} />
      </Field>
    </FormDialog>
  );
}
