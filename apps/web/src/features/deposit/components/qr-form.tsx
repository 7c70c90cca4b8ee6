import { QR_RULES, type QrProvider } from '@mekong/contracts/constants';
import { MAX_AMOUNT } from '@mekong/contracts/money';
import { useQueryClient } from '@tanstack/react-query';
import { TimerOff } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAlert } from '@/components/alert-provider';
import { Button } from '@/components/button';
import { AmountField } from '@/components/form/amount-field';
import { useFieldError } from '@/components/form/use-field-error';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { useMoneyMutation } from '@/components/use-money-mutation';
import { createQr, refreshOtherQrs } from '@/features/deposit/api/deposit-api';
import { isQrAmountAllowed, qrFormSchema } from '@/features/deposit/hooks/qr-rules';
import { translateCode } from '@/lib/error-message';
import { formatAmount, parseAmountInput } from '@/lib/format';
import { queryKeys } from '@/lib/query-keys';

/** The amount step of one provider's QR (docs/spec.md §4, §5): its minimum shown while typing, quick amounts, create. */
export function QrForm({ provider, currency, isExpired }: { provider: QrProvider; currency?: string; isExpired: boolean }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const queryClient = useQueryClient();
  const showAlert = useAlert();
  const rules = QR_RULES[provider];
  const schema = useMemo(() => qrFormSchema(provider), [provider]);
  const { register, handleSubmit, watch, setValue, formState } = useSchemaForm(schema, { amount: '' }, 'live');
  const text = watch('amount');
  const amount = parseAmountInput(text);
  const minimum = { amount: formatAmount(rules.minimum, currency) };
  const amountError = formState.errors.amount;
  const limit = amountError?.message === 'depositFlow.maximum' ? { amount: formatAmount(MAX_AMOUNT, currency) } : minimum;

  const create = useMoneyMutation({
    scope: 'qr',
    fingerprint: ({ amount: value }: { amount: number }) => `${provider}:${value}`,
    send: ({ amount: value }: { amount: number }, idempotencyKey: string) => createQr(provider, value, idempotencyKey),
    refresh: (client) => refreshOtherQrs(client, provider),
    onSuccess: async (result) => {
      queryClient.setQueryData(queryKeys.qr(provider), result);
      if (!result.hasQrcode) await showAlert({ tone: 'error', title: t('deposit.qrFailed'), message: translateCode(t, result.message || 'QR_FAIL') });
    },
    failureTitle: t('deposit.qrFailed'),
  });

  return (
    <form className="form qr-form" noValidate onSubmit={handleSubmit(create.submit)}>
      {isExpired && (
        <p className="inline-notice" role="status" data-testid="deposit-qr-expired">
          <TimerOff size={18} aria-hidden /> {t('deposit.qrExpired')}
        </p>
      )}
      <AmountField
        label={t('deposit.amount')}
        className="qr-amount"
        error={text.trim() === '' ? undefined : fieldError(amountError, limit)}
        hint={rules.minimum > 0 ? t('deposit.minimumHint', minimum) : t('deposit.anyAmountHint')}
        data-testid="deposit-amount"
        {...register('amount')}
      />
      <div className="quick-amounts" role="group" aria-label={t('deposit.quickAmounts')}>
        {rules.quick.map((value) => (
          <button
            key={value}
            type="button"
            className={`quick-amounts__btn${amount === value ? ' is-selected' : ''}`}
            aria-pressed={amount === value}
            onClick={() => setValue('amount', String(value), { shouldValidate: true })}
            data-testid={`deposit-quick-${value}`}
          >
            {value.toLocaleString('en-US')}
          </button>
        ))}
      </div>
      <Button type="submit" isBlock disabled={!isQrAmountAllowed(provider, amount) || create.isPending} isBusy={create.isBusyShown} data-testid="deposit-create">
        {t('deposit.createQr')}
      </Button>
    </form>
  );
}
