import { walletAdd } from '@mekong/contracts/deposit';
import { MAX_AMOUNT } from '@mekong/contracts/money';
import { Hourglass } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@/components/button';
import { AmountField } from '@/components/form/amount-field';
import { amountFromText } from '@/components/form/amount-from-text';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { useMoneyMutation } from '@/components/use-money-mutation';
import { addManualDeposit } from '@/features/deposit/api/deposit-api';
import { formatAmount } from '@/lib/format';

const manualDepositSchema = z.object({ amount: amountFromText(walletAdd.body.shape.amount) });

/**
 * Manual deposit notice (isManual on): the member says how much they sent to a listed account. It waits for
 * the bank feed or an operator; it never credits by itself.
 */
export function ManualDepositForm({ currency }: { currency?: string }) {
  const { t } = useTranslation();
  const [sentAmount, setSentAmount] = useState<number | null>(null);
  const { field, handleSubmit, watch, reset, showServerError, formState } = useSchemaForm(manualDepositSchema, { amount: '' }, 'money');
  const amountField = field('amount');
  // Checked before sending, under the field: above 0, and at most what one call may carry (named in the message).
  const amountError = formState.errors.amount?.message === 'AMOUNT_TOO_LARGE' ? t('depositFlow.maximum', { amount: formatAmount(MAX_AMOUNT, currency) }) : amountField.error;

  const send = useMoneyMutation({
    scope: 'manual-deposit',
    send: addManualDeposit,
    successToast: (_result, { amount }) => ({ tone: 'info', text: t('manualDeposit.waiting', { amount: formatAmount(amount, currency) }) }),
    onSuccess: (_result, { amount }) => {
      reset();
      setSentAmount(amount);
    },
    onError: showServerError,
  });

  return (
    <form className="form" noValidate onSubmit={handleSubmit(send.submit)}>
      <AmountField
        label={t('manualDeposit.amount')}
        className="qr-amount"
        hint={t('manualDeposit.hint')}
        data-testid="deposit-manual-amount"
        {...amountField}
        error={amountError}
      />
      <Button type="submit" isBlock disabled={send.isPending || watch('amount').trim() === ''} isBusy={send.isBusyShown} data-testid="deposit-manual-submit">
        {t('manualDeposit.submit')}
      </Button>
      {sentAmount !== null && (
        <p className="inline-notice" role="status" data-testid="deposit-manual-result">
          <Hourglass size={18} aria-hidden /> {t('manualDeposit.waiting', { amount: formatAmount(sentAmount, currency) })}
        </p>
      )}
    </form>
  );
}
