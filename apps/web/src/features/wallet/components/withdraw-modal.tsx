import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Info, Landmark } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useAlert } from '@/components/alert-provider';
import { Button } from '@/components/button';
import { TextField } from '@/components/form/text-field';
import { Modal } from '@/components/modal';
import { afterMoneyMoved, walletQuery, withdrawAll, withdrawLimitsQuery } from '@/features/wallet/api/wallet-api';
import { combinedTotal } from '@/features/wallet/hooks/wallet-figures';
import { withdrawError } from '@/features/wallet/hooks/withdraw-form';
import { errorText } from '@/lib/error-message';
import { formatAccountNumber, formatAmount, parseAmountInput } from '@/lib/format';
import { currentLocale } from '@/lib/i18n';
import { createIdempotencyKeeper } from '@/lib/idempotency';
import { useDelayedFlag } from '@/lib/use-delayed-flag';

const withdrawKeys = createIdempotencyKeeper();

/**
 * Spec §2/§5, D7: amount between the server's withdrawMin and withdrawMax, paid to the registered bank account by
 * POST /api/wallet/withdrawAll (game balances come back to the wallet first, so the whole total is available).
 * A payout above the auto-payout limit waits for an operator: the toast says so.
 */
export function WithdrawModal({ isOpen, onOpenChange }: { isOpen: boolean; onOpenChange: (isOpen: boolean) => void }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const showAlert = useAlert();
  const wallet = useQuery({ ...walletQuery, enabled: isOpen });
  const limits = useQuery({ ...withdrawLimitsQuery, enabled: isOpen });
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const locale = i18n.language ? currentLocale() : 'th';

  const data = wallet.data;
  const currency = data?.profile.currency;
  const available = data ? combinedTotal(data.wallet.amount, data.slots) : 0;
  const bankAccount = data?.bankAccount;

  const send = useMutation({
    mutationFn: (value: number) => withdrawAll(value, withdrawKeys.keyFor(String(value))),
    onSuccess: async (result, value) => {
      withdrawKeys.settle();
      await afterMoneyMoved(queryClient);
      const text = formatAmount(value, currency);
      if (result.status === 'PENDING') toast.info(t('withdraw.pending', { amount: text }), { duration: 6000 });
      else toast.success(t('withdraw.success', { amount: text }));
      onOpenChange(false);
    },
    onError: async (failure) => {
      withdrawKeys.settle(failure);
      await afterMoneyMoved(queryClient);
      await showAlert({ tone: 'error', title: t('withdraw.failed'), message: errorText(t, failure) });
    },
  });
  const isBusyShown = useDelayedFlag(send.isPending);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending || !limits.data) return;
    const problem = withdrawError(limits.data, available, amount);
    setError(problem);
    if (problem) return;
    send.mutate(parseAmountInput(amount));
  };

  const bankName = bankAccount ? (locale === 'en' ? bankAccount.bank.nameEN || bankAccount.bank.nameTH : bankAccount.bank.nameTH) : '';

  return (
    <Modal isOpen={isOpen} onOpenChange={(next) => !send.isPending && onOpenChange(next)} title={t('withdraw.title')} testId="withdraw-modal">
      {!data || (!limits.data && limits.isPending) ? (
        <div className="modal__loading">
          <span className="spinner" aria-label={t('app.loading')} />
        </div>
      ) : (
        <form className="form" noValidate onSubmit={onSubmit}>
          <div className="withdraw-summary">
            <span className="withdraw-summary__label">{t('withdraw.available')}</span>
            <span className="withdraw-summary__amount" data-testid="withdraw-available">
              {formatAmount(available, currency)}
            </span>
          </div>

          {bankAccount && (
            <div className="bank-target" data-testid="withdraw-bank">
              <span className="bank-target__icon" aria-hidden>
                <Landmark size={20} />
              </span>
              <div className="bank-target__text">
                <span className="bank-target__caption">{t('withdraw.toAccount')}</span>
                <span className="bank-target__bank">{bankName}</span>
                <span className="bank-target__no">{formatAccountNumber(bankAccount.bankAccountNo)}</span>
                <span className="bank-target__name">{bankAccount.bankAccountName}</span>
              </div>
            </div>
          )}

          {data.wallet.hasReceivedBonus && (
            <p className="inline-notice" role="note" data-testid="withdraw-bonus-notice">
              <Info size={18} aria-hidden /> {t('withdraw.wholeAmountNotice')}
            </p>
          )}

          <div className="amount-field">
            <TextField
              label={t('withdraw.amount')}
              inputMode="decimal"
              autoComplete="off"
              placeholder="0.00"
              value={amount}
              onChange={(e) => {
                setAmount(e.target.value);
                setError(null);
              }}
              error={error ? t(error) : undefined}
              hint={
                limits.data
                  ? t('withdraw.limits', { min: formatAmount(limits.data.withdrawMin, currency), max: formatAmount(limits.data.withdrawMax, currency) })
                  : undefined
              }
              data-testid="withdraw-amount"
            />
            {available > 0 && (
              <button
                type="button"
                className="chip-btn amount-field__all"
                onClick={() => {
                  setAmount(available.toFixed(2));
                  setError(null);
                }}
                data-testid="withdraw-fill-all"
              >
                {t('transfer.fillAll')}
              </button>
            )}
          </div>

          {!limits.data && <p className="form-error">{t('withdraw.limitsUnavailable')}</p>}

          <Button type="submit" isBlock disabled={send.isPending || !limits.data} isBusy={isBusyShown} data-testid="withdraw-submit">
            {t('withdraw.submit')}
          </Button>
        </form>
      )}
    </Modal>
  );
}
