import type { LedgerCurrency } from '@mekong/contracts/constants';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { formatMinor, parseAmountToMinor } from '@/lib/format';
import type { AdjustInput } from '@/features/members/hooks/use-member-actions';

/** Credit and debit side by side, each radio beside its words. */
const CHOICES = { display: 'flex', gap: 24, border: 0, padding: 0, margin: 0 } as const;
const CHOICE = { display: 'inline-flex', gap: 8, alignItems: 'center' } as const;

type AdjustForm = { direction: 'credit' | 'debit'; amount: string; reason: string };

type AdjustDialogProps = {
  isOpen: boolean;
  onClose: () => void;
  memberName: string;
  currency: LedgerCurrency;
  cashMinor: string;
  isBusy: boolean;
  onSubmit: (input: AdjustInput) => void;
};

/**
 * A manual credit or debit of the member's cash. One request id per opening of the dialog: a double click or a retry
 * after re-authentication repeats the same request, which the server posts once.
 */
export function AdjustDialog(props: AdjustDialogProps) {
  const { t } = useTranslation('members');
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const form = useForm<AdjustForm>({
    defaultValues: { direction: 'credit', amount: '', reason: '' },
  });
  useEffect(() => {
    if (!props.isOpen) return;
    form.reset({ direction: 'credit', amount: '', reason: '' });
    setRequestId(crypto.randomUUID());
  }, [props.isOpen, form]);
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    const minor = parseAmountToMinor(values.amount);
    if (minor === null || minor <= 0) {
      form.setError('amount', { message: 'amountInvalid' });
      return;
    }
    props.onSubmit({
      requestId,
      direction: values.direction,
      amountMinor: String(minor),
      reason: values.reason.trim(),
    });
  });

  return (
    <Dialog isOpen={props.isOpen} onClose={props.onClose} title={t('adjustTitle')}>
      <form className="form" onSubmit={(event) => void onSubmit(event)}>
        <div className="dialog-summary">
          {t('adjustSummary', {
            name: props.memberName,
            cash: formatMinor(props.cashMinor, props.currency),
          })}
        </div>
        <fieldset className="field" style={CHOICES}>
          <legend>{t('direction')}</legend>
          {(['credit', 'debit'] as const).map((direction) => (
            <label key={direction} style={CHOICE}>
              <input type="radio" value={direction} {...form.register('direction')} />
              {t(`dir.${direction}`)}
            </label>
          ))}
        </fieldset>
        <label className="field">
          <span>{t('amountMajor', { currency: props.currency })}</span>
          <input inputMode="decimal" autoComplete="off" {...form.register('amount')} />
        </label>
        {errors.amount ? (
          <p className="error-text" role="alert">
            {t('amountInvalid')}
          </p>
        ) : null}
        <label className="field">
          <span>{t('common:reason')}</span>
          <textarea
            rows={3}
            maxLength={500}
            {...form.register('reason', {
              validate: (value) => value.trim().length >= 3 || 'REASON_REQUIRED',
            })}
          />
        </label>
        {errors.reason ? (
          <p className="error-text" role="alert">
            {t('common:errors.REASON_REQUIRED')}
          </p>
        ) : null}
        <p className="muted">{t('adjustHint')}</p>
        <div className="form__actions">
          <Button variant="secondary" onClick={props.onClose}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" isBusy={props.isBusy}>
            {t('adjustSubmit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
