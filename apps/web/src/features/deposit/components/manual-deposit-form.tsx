import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Hourglass } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/button';
import { TextField } from '@/components/form/text-field';
import { addManualDeposit } from '@/features/deposit/api/deposit-api';
import { afterMoneyMoved } from '@/features/wallet/api/wallet-api';
import { errorText } from '@/lib/error-message';
import { formatAmount, parseAmountInput } from '@/lib/format';
import { createIdempotencyKeeper } from '@/lib/idempotency';
import { useDelayedFlag } from '@/lib/use-delayed-flag';

const noticeKeys = createIdempotencyKeeper();

/**
 * Manual deposit notice (isManual on): the member says how much they sent to a listed account. It waits for
 * the bank feed or an operator; it never credits by itself.
 */
export function ManualDepositForm({ currency }: { currency?: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sentAmount, setSentAmount] = useState<number | null>(null);
  const amount = parseAmountInput(text);
  const isValid = Number.isFinite(amount) && amount > 0;

  const send = useMutation({
    mutationFn: (value: number) => addManualDeposit(value, noticeKeys.keyFor(String(value))),
    onSuccess: async (_result, value) => {
      noticeKeys.settle();
      setText('');
      setSentAmount(value);
      toast.info(t('manualDeposit.waiting', { amount: formatAmount(value, currency) }));
      await afterMoneyMoved(queryClient);
    },
    onError: (failure) => {
      noticeKeys.settle(failure);
      setError(errorText(t, failure));
    },
  });
  const isBusyShown = useDelayedFlag(send.isPending);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending) return;
    if (!isValid) {
      setError(t('errors.TRANSFER_MINIMUM'));
      return;
    }
    setError(null);
    send.mutate(amount);
  };

  return (
    <form className="form" noValidate onSubmit={onSubmit}>
      <TextField
        label={t('manualDeposit.amount')}
        inputMode="decimal"
        autoComplete="off"
        placeholder="0.00"
        className="qr-amount"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setError(null);
        }}
        hint={t('manualDeposit.hint')}
        error={error ?? undefined}
        data-testid="deposit-manual-amount"
      />
      <Button type="submit" isBlock disabled={send.isPending || text.trim() === ''} isBusy={isBusyShown} data-testid="deposit-manual-submit">
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
