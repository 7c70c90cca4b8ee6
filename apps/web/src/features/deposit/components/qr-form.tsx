import type { QrProvider } from '@mekong/contracts/constants';
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
import { createChosenQr, refreshQrs } from '@/features/deposit/api/deposit-api';
import { isQrAmountAllowed, qrFormRules, qrFormSchema } from '@/features/deposit/hooks/qr-rules';
import { translateCode } from '@/lib/error-message';
import { formatAmount, parseAmountInput } from '@/lib/format';
import { queryKeys } from '@/lib/query-keys';

type QrFormProps = {
  /** The gateways taking new QRs (deposit options): the form's limits are theirs together. */
  open: readonly QrProvider[];
  currency?: string;
  isExpired: boolean;
  /** A QR was made, at the gateway the server chose. */
  onCreated: (provider: QrProvider) => void;
};

/**
 * The amount step of the one QR (docs/spec.md §4, §5; docs/decisions/0022-one-qr-button.md): the lowest minimum of
 * the open gateways shown while typing, quick amounts, create; the server picks the gateway that takes the amount.
 */
export function QrForm({ open, currency, isExpired, onCreated }: QrFormProps) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const queryClient = useQueryClient();
  const showAlert = useAlert();
  const rules = qrFormRules(open);
  const schema = useMemo(() => qrFormSchema(open), [open]);
  const { register, handleSubmit, watch, setValue, formState } = useSchemaForm(schema, { amount: '' }, 'live');
  const text = watch('amount');
  const amount = parseAmountInput(text);
  const minimum = { amount: formatAmount(rules.minimum, currency) };
  const amountError = formState.errors.amount;
  const limit = amountError?.message === 'depositFlow.maximum' ? { amount: formatAmount(MAX_AMOUNT, currency) } : minimum;

  const create = useMoneyMutation({
    scope: 'qr',
    fingerprint: ({ amount: value }: { amount: number }) => `chosen:${value}`,
    send: ({ amount: value }: { amount: number }, idempotencyKey: string) => createChosenQr(value, idempotencyKey),
    refresh: refreshQrs,
    onSuccess: async ({ provider, ...state }) => {
      queryClient.setQueryData(queryKeys.qr(provider), state);
      if (!state.hasQrcode) await showAlert({ tone: 'error', title: t('deposit.qrFailed'), message: translateCode(t, state.message || 'QR_FAIL') });
      else onCreated(provider);
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
        hint={rules.isAnyAmount ? t('deposit.anyAmountHint') : t('deposit.minimumHint', minimum)}
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
      <Button type="submit" isBlock disabled={!isQrAmountAllowed(open, amount) || create.isPending} isBusy={create.isBusyShown} data-testid="deposit-create">
        {t('deposit.createQr')}
      </Button>
    </form>
  );
}
