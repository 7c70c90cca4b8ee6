import { QR_RULES, type QrProvider } from '@mekong/contracts/constants';
import type { QrState } from '@mekong/contracts/deposit';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Clock, TimerOff } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useAlert } from '@/components/alert-provider';
import { Button } from '@/components/button';
import { TextField } from '@/components/form/text-field';
import { cancelQr, createQr, qrKey, qrQuery, refreshOtherQrs } from '@/features/deposit/api/deposit-api';
import { QrSvg } from '@/features/deposit/components/qr-svg';
import { expiresAtOf, formatCountdown } from '@/features/deposit/hooks/countdown';
import { isQrAmountAllowed, qrAmountProblem } from '@/features/deposit/hooks/qr-rules';
import { useQrCountdown } from '@/features/deposit/hooks/use-qr-countdown';
import { afterMoneyMoved } from '@/features/wallet/api/wallet-api';
import { errorText, translateCode } from '@/lib/error-message';
import { formatAmount, formatMoney, parseAmountInput } from '@/lib/format';
import { createIdempotencyKeeper } from '@/lib/idempotency';
import { useDelayedFlag } from '@/lib/use-delayed-flag';

const createKeys = createIdempotencyKeeper();

/**
 * One provider's QR (spec §4): none → amount → QR with a mm:ss countdown; at 00:00 it is gone. Cancel deletes
 * it; "transfer done" asks the member to refresh the balance and closes the modal.
 */
export function QrPanel({ provider, currency, onDone }: { provider: QrProvider; currency?: string; onDone: () => void }) {
  const { t } = useTranslation();
  const query = useQuery(qrQuery(provider));
  const state = query.data;
  const hasQr = Boolean(state?.hasQrcode && state.qrcode && state.qrcodeId);
  const expiresAt = hasQr && state ? expiresAtOf(query.dataUpdatedAt, state.expireIn) : null;
  const left = useQrCountdown(query.dataUpdatedAt, expiresAt);

  if (query.isPending) {
    return (
      <div className="modal__loading">
        <span className="spinner" aria-label={t('app.loading')} />
      </div>
    );
  }
  if (hasQr && state && left > 0) {
    return <ActiveQr key={state.qrcodeId} provider={provider} state={state} secondsLeft={left} currency={currency} onDone={onDone} />;
  }
  return <QrForm key={provider} provider={provider} currency={currency} isExpired={hasQr && left <= 0} />;
}

function QrForm({ provider, currency, isExpired }: { provider: QrProvider; currency?: string; isExpired: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const showAlert = useAlert();
  const [text, setText] = useState('');
  const rules = QR_RULES[provider];
  const amount = parseAmountInput(text);
  const problem = text.trim() === '' ? null : qrAmountProblem(provider, amount);
  const canCreate = isQrAmountAllowed(provider, amount);

  const create = useMutation({
    mutationFn: (value: number) => createQr(provider, value, createKeys.keyFor(`${provider}:${value}`)),
    onSuccess: async (result) => {
      createKeys.settle();
      queryClient.setQueryData(qrKey(provider), result);
      await refreshOtherQrs(queryClient, provider);
      if (!result.hasQrcode) await showAlert({ tone: 'error', title: t('deposit.qrFailed'), message: translateCode(t, result.message || 'QR_FAIL') });
    },
    onError: async (failure) => {
      createKeys.settle(failure);
      await showAlert({ tone: 'error', title: t('deposit.qrFailed'), message: errorText(t, failure) });
    },
  });
  const isBusyShown = useDelayedFlag(create.isPending);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!canCreate || create.isPending) return;
    create.mutate(amount);
  };

  return (
    <form className="form qr-form" noValidate onSubmit={onSubmit}>
      {isExpired && (
        <p className="inline-notice" role="status" data-testid="deposit-qr-expired">
          <TimerOff size={18} aria-hidden /> {t('deposit.qrExpired')}
        </p>
      )}
      <TextField
        label={t('deposit.amount')}
        inputMode="decimal"
        autoComplete="off"
        placeholder="0.00"
        className="qr-amount"
        value={text}
        onChange={(e) => setText(e.target.value)}
        error={problem ? t(problem, { amount: formatAmount(rules.minimum, currency) }) : undefined}
        hint={rules.minimum > 0 ? t('deposit.minimumHint', { amount: formatAmount(rules.minimum, currency) }) : t('deposit.anyAmountHint')}
        data-testid="deposit-amount"
      />
      <div className="quick-amounts" role="group" aria-label={t('deposit.quickAmounts')}>
        {rules.quick.map((value) => (
          <button
            key={value}
            type="button"
            className={`quick-amounts__btn${amount === value ? ' is-selected' : ''}`}
            aria-pressed={amount === value}
            onClick={() => setText(String(value))}
            data-testid={`deposit-quick-${value}`}
          >
            {value.toLocaleString('en-US')}
          </button>
        ))}
      </div>
      <Button type="submit" isBlock disabled={!canCreate || create.isPending} isBusy={isBusyShown} data-testid="deposit-create">
        {t('deposit.createQr')}
      </Button>
    </form>
  );
}

function ActiveQr({
  provider,
  state,
  secondsLeft,
  currency,
  onDone,
}: {
  provider: QrProvider;
  state: QrState;
  secondsLeft: number;
  currency?: string;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const showAlert = useAlert();

  const cancel = useMutation({
    mutationFn: () => cancelQr(provider, state.qrcodeId ?? ''),
    onSuccess: (result) => queryClient.setQueryData(qrKey(provider), result),
    onError: async (failure) => {
      await queryClient.invalidateQueries({ queryKey: qrKey(provider) });
      await showAlert({ tone: 'error', title: t('deposit.cancelFailed'), message: errorText(t, failure) });
    },
  });
  const isCancelBusy = useDelayedFlag(cancel.isPending);

  const onTransferDone = () => {
    toast.info(t('deposit.doneMessage'), { duration: 6000 });
    void afterMoneyMoved(queryClient);
    onDone();
  };

  return (
    <div className="qr-box" data-testid="deposit-qr-active" data-provider={provider}>
      <p className="qr-box__amount">
        <span className="qr-box__caption">{t('deposit.qrAmount')}</span>
        <span className="qr-box__value" data-testid="deposit-qr-amount">
          {formatAmount(state.amount ?? 0, currency)}
        </span>
      </p>
      <QrSvg markup={state.qrcode ?? ''} label={t('deposit.qrLabel', { provider: t(`deposit.providers.${provider}`), amount: formatMoney(state.amount ?? 0) })} />
      <p className={`qr-box__countdown${secondsLeft <= 60 ? ' is-ending' : ''}`} aria-live="off">
        <Clock size={16} aria-hidden />
        <span>{t('deposit.expiresIn')}</span>
        <time data-testid="deposit-countdown" dateTime={`PT${secondsLeft}S`}>
          {formatCountdown(secondsLeft)}
        </time>
      </p>
      <p className="qr-box__hint muted">{t('deposit.scanHint')}</p>
      <div className="form-row">
        <Button variant="secondary" onClick={() => cancel.mutate()} disabled={cancel.isPending} isBusy={isCancelBusy} data-testid="deposit-cancel">
          {t('deposit.cancelQr')}
        </Button>
        <Button onClick={onTransferDone} data-testid="deposit-done">
          {t('deposit.transferDone')}
        </Button>
      </div>
    </div>
  );
}
