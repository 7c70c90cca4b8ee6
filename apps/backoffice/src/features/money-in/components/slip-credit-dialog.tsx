import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { reasonSchema } from '@mekong/contracts/admin/admin-contract';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
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
export function SlipCreditDialog(props: Props) {
  const { t } = useTranslation('moneyIn');
  const isAmountRequired = props.verifierAmountMinor === null;
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
  useEffect(() => {
    if (props.isOpen) form.reset({ amount: '', reason: '' });
  }, [props.isOpen, form]);
  const errors = form.formState.errors;
  const errorText = (code: string | undefined) =>
    code === 'AMOUNT_REQUIRED'
      ? t('amountRequired')
      : code
        ? t(`common:errors.${code}`, { defaultValue: code })
        : null;
  return (
    <Dialog isOpen={props.isOpen} onClose={props.onClose} title={t('creditTitle')}>
      <form
        className="form"
        onSubmit={(event) =>
          void form.handleSubmit((v) => {
            const typed = v.amount.trim() === '' ? null : parseAmountToMinor(v.amount);
            props.onConfirm(
              typed === null ? { reason: v.reason } : { reason: v.reason, amountMinor: typed },
            );
          })(event)
        }
      >
        <div className="dialog-summary">{props.summary}</div>
        <label className="field">
          <span>{t('amountLabel')}</span>
          <input inputMode="decimal" autoComplete="off" {...form.register('amount')} />
          {!isAmountRequired ? <small>{t('amountHint')}</small> : null}
        </label>
        {errors.amount ? (
          <p className="error-text" role="alert">
            {errorText(errors.amount.message)}
          </p>
        ) : null}
        <label className="field">
          <span>{t('common:reason')}</span>
          <textarea rows={3} maxLength={500} {...form.register('reason')} />
        </label>
        {errors.reason ? (
          <p className="error-text" role="alert">
            {errorText(errors.reason.message)}
          </p>
        ) : null}
        <div className="form__actions">
          <Button variant="secondary" onClick={props.onClose}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" isBusy={props.isBusy}>
            {t('credit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
