import { useQuery } from '@tanstack/react-query';
import type { BankAccount } from '@mekong/contracts/account';
import { ArrowLeft, Hourglass, Info, Landmark } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { AmountField } from '@/components/form/amount-field';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { Modal } from '@/components/modal';
import { useMoneyMutation } from '@/components/use-money-mutation';
import { Loading } from '@/components/loading';
import { withdrawAll } from '@/features/wallet/api/wallet-api';
import { WithdrawBonusLock } from '@/features/wallet/components/withdraw-bonus-lock';
import { maskAccountNumber } from '@/features/wallet/hooks/account-mask';
import { withdrawFormSchema } from '@/features/wallet/hooks/withdraw-form';
import { formatAmount } from '@/lib/format';
import { currentLocale } from '@/lib/i18n';
import { bankName as localBankName } from '@/lib/localized';
import { activeBonusQuery } from '@/lib/bonus-queries';
import { withdrawLimitsQuery } from '@/lib/lookup-queries';
import { walletQuery } from '@/lib/member-queries';
import { combinedTotal } from '@/lib/wallet-figures';
import { usualWaitText, withdrawCheckQuery } from '@/lib/waiting-money';
import '@/features/wallet/components/money-modals.css';

/** Until the limits are read nothing may be sent (the submit button waits for them too). */
const NO_LIMITS = { withdrawMin: Number.POSITIVE_INFINITY, withdrawMax: 0 };

/**
 * Spec §2/§5, D7: amount between the server's withdrawMin and withdrawMax, paid to the registered bank account by
 * POST /api/wallet/withdrawAll (game balances come back to the wallet first, so the whole total is available).
 * A checked amount first shows a confirm step (amount and destination, the account number masked); only its button
 * sends. A payout above the auto-payout limit waits for an operator: the toast says so.
 */
export function WithdrawModal({ isOpen, onOpenChange }: { isOpen: boolean; onOpenChange: (isOpen: boolean) => void }) {
  const { t, i18n } = useTranslation();
  const wallet = useQuery({ ...walletQuery, enabled: isOpen });
  const limits = useQuery({ ...withdrawLimitsQuery, enabled: isOpen });
  const locale = i18n.language ? currentLocale() : 'th';

  const data = wallet.data;
  // The active bonus's withdraw cap, for the bonus notice (docs/decisions/0013-promotions.md: payout min(total, cap)).
  const activeBonus = useQuery({ ...activeBonusQuery, enabled: isOpen && Boolean(data?.wallet.hasReceivedBonus) });
  const bonusProgress = activeBonus.data?.bonus?.progress;
  const withdrawCap = bonusProgress?.withdrawCap ?? null;
  /** What the bank receives: the server pays min(amount, cap) under a bonus and forfeits the rest. */
  const payoutOf = (amount: number) => (withdrawCap !== null && data?.wallet.hasReceivedBonus ? Math.min(amount, withdrawCap) : amount);
  const currency = data?.profile.currency;
  const total = data ? combinedTotal(data.wallet.amount, data.slots) : 0;
  // Under a bonus the server's own answer of what it takes now (issue 28): 0 until met, then exactly the whole total.
  const bonusWithdrawable = data?.wallet.hasReceivedBonus && activeBonus.data?.status ? (activeBonus.data.withdrawable ?? null) : null;
  const isBonusPending = Boolean(data?.wallet.hasReceivedBonus) && activeBonus.isPending;
  const available = bonusWithdrawable ?? total;
  const bankAccount = data?.bankAccount;
  const schema = useMemo(() => withdrawFormSchema(limits.data ?? NO_LIMITS, available, bonusWithdrawable ?? undefined), [limits.data, available, bonusWithdrawable]);
  const { field, handleSubmit, setValue } = useSchemaForm(schema, { amount: '' }, 'money');
  const [confirming, setConfirming] = useState<{ amount: number } | null>(null);
  // Whether this amount waits for an operator: the server's own rule, asked before confirming (docs/decisions/0025-waiting-money.md).
  const check = useQuery({ ...withdrawCheckQuery(confirming?.amount ?? 0), enabled: isOpen && confirming !== null });

  const send = useMoneyMutation({
    scope: 'withdraw',
    send: withdrawAll,
    successToast: (result, { amount }) => {
      const text = formatAmount(payoutOf(amount), currency);
      return result.status === 'PENDING' ? { tone: 'info', text: t('withdraw.pending', { amount: text }), durationMs: 6000 } : { text: t('withdraw.success', { amount: text }) };
    },
    onSuccess: () => onOpenChange(false),
    failureTitle: t('withdraw.failed'),
  });

  const onSubmit = handleSubmit((body) => limits.data && setConfirming(body));

  const bankName = localBankName(bankAccount?.bank, locale);
  const hasGameMoney = data ? data.slots.some((game) => game.isActive && game.amount > 0) : false;

  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={(next) => !send.isPending && onOpenChange(next)}
      title={confirming ? t('walletFlow.confirmTitle') : t('withdraw.title')}
      testId="withdraw-modal"
    >
      {!data || isBonusPending || (!limits.data && limits.isPending) ? (
        <Loading />
      ) : confirming ? (
        <div className="form withdraw-confirm" data-testid="withdraw-confirm">
          <div className="withdraw-confirm__amount">
            <span className="withdraw-confirm__caption">{t('walletFlow.confirmAmount')}</span>
            <strong data-testid="withdraw-confirm-amount">{formatAmount(confirming.amount, currency)}</strong>
          </div>
          {bankAccount && <BankTarget caption={t('walletFlow.confirmTo')} bankName={bankName} account={bankAccount} testId="withdraw-confirm-bank" />}
          {hasGameMoney && (
            <p className="inline-notice" role="note">
              <Info size={18} aria-hidden /> {t('walletFlow.confirmGamesBack')}
            </p>
          )}
          {payoutOf(confirming.amount) < confirming.amount && (
            <p className="inline-notice" role="note" data-testid="withdraw-confirm-cap">
              <Info size={18} aria-hidden />{' '}
              {t('bonus.withdrawCapConfirm', {
                payout: formatAmount(payoutOf(confirming.amount), currency),
                forfeit: formatAmount(confirming.amount - payoutOf(confirming.amount), currency),
              })}
            </p>
          )}
          {check.data?.isOperatorNeeded && (
            <p className="inline-notice" role="note" data-testid="withdraw-confirm-operator">
              <Hourglass size={18} aria-hidden />
              <span>
                {t('waiting.confirmOperator')}
                <span className="withdraw-bonus-line">{usualWaitText(t, check.data.usualWaitSeconds)}</span>
              </span>
            </p>
          )}
          <Button isBlock onClick={() => send.submit(confirming)} disabled={send.isPending || check.isLoading} isBusy={send.isBusyShown} data-testid="withdraw-confirm-submit">
            {t('walletFlow.confirmSubmit')}
          </Button>
          <Button variant="secondary" isBlock onClick={() => setConfirming(null)} disabled={send.isPending} data-testid="withdraw-confirm-back">
            <ArrowLeft size={18} aria-hidden /> {t('walletFlow.confirmEdit')}
          </Button>
        </div>
      ) : (
        <form className="form" noValidate onSubmit={onSubmit}>
          <div className="withdraw-summary">
            <span className="withdraw-summary__label">{bonusWithdrawable === null ? t('withdraw.available') : t('bonus.withdrawLock.now')}</span>
            <span className="withdraw-summary__amount" data-testid="withdraw-available">
              {formatAmount(available, currency)}
            </span>
          </div>

          {bankAccount && <BankTarget caption={t('withdraw.toAccount')} bankName={bankName} account={bankAccount} testId="withdraw-bank" />}

          {data.wallet.hasReceivedBonus && (
            <p className="inline-notice" role="note" data-testid="withdraw-bonus-notice">
              <Info size={18} aria-hidden />
              <span>
                {t('withdraw.wholeAmountNotice')}
                {withdrawCap !== null && (
                  <span className="withdraw-bonus-line" data-testid="withdraw-bonus-cap">
                    {t('bonus.withdrawCapNotice', { cap: formatAmount(withdrawCap, currency) })}
                  </span>
                )}
                {bonusProgress && !bonusProgress.isMet && (
                  <span className="withdraw-bonus-line" data-testid="withdraw-bonus-unmet">
                    {t('errors.BONUS_CONDITION')}
                  </span>
                )}
              </span>
            </p>
          )}

          {bonusProgress && bonusWithdrawable === 0 && <WithdrawBonusLock progress={bonusProgress} held={total} currency={currency} onLeave={() => onOpenChange(false)} />}

          {bonusWithdrawable !== 0 && (
          <AmountField
            label={t('withdraw.amount')}
            hint={
              limits.data
                ? t('withdraw.limits', { min: formatAmount(limits.data.withdrawMin, currency), max: formatAmount(limits.data.withdrawMax, currency) })
                : undefined
            }
            data-testid="withdraw-amount"
            fillAll={{ amount: available, onFill: (text) => setValue('amount', text), testId: 'withdraw-fill-all' }}
            {...field('amount')}
          />
          )}

          {!limits.data && <p className="form-error">{t('withdraw.limitsUnavailable')}</p>}

          {bonusWithdrawable !== 0 && (
          <Button type="submit" isBlock disabled={send.isPending || !limits.data} isBusy={send.isBusyShown} data-testid="withdraw-submit">
            {t('withdraw.submit')}
          </Button>
          )}
        </form>
      )}
    </Modal>
  );
}

/** Where the money goes: bank, the account number with only its last digits shown, the account name. */
function BankTarget({ caption, bankName, account, testId }: { caption: string; bankName: string; account: BankAccount; testId: string }) {
  return (
    <div className="bank-target" data-testid={testId}>
      <span className="bank-target__icon" aria-hidden>
        <Landmark size={20} />
      </span>
      <div className="bank-target__text">
        <span className="bank-target__caption">{caption}</span>
        <span className="bank-target__bank">{bankName}</span>
        <span className="bank-target__no">{maskAccountNumber(account.bankAccountNo)}</span>
        <span className="bank-target__name">{account.bankAccountName}</span>
      </div>
    </div>
  );
}
