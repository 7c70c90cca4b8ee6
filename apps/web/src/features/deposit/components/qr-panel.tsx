import type { QrProvider } from '@mekong/contracts/constants';
import type { QrState } from '@mekong/contracts/deposit';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useAlert } from '@/components/alert-provider';
import { Button } from '@/components/button';
import { Loading } from '@/components/loading';
import { cancelQr, qrQuery } from '@/features/deposit/api/deposit-api';
import { QrForm } from '@/features/deposit/components/qr-form';
import { QrSvg } from '@/features/deposit/components/qr-svg';
import { expiresAtOf, formatCountdown } from '@/features/deposit/hooks/countdown';
import { errorText } from '@/lib/error-message';
import { formatAmount, formatMoney } from '@/lib/format';
import { afterMoneyMoved } from '@/lib/member-queries';
import { queryKeys } from '@/lib/query-keys';
import { useCountdown } from '@/lib/use-countdown';
import { useDelayedFlag } from '@/lib/use-delayed-flag';

/**
 * One provider's QR (docs/spec.md §4): none → amount → QR with a mm:ss countdown; at 00:00 it is gone. Cancel deletes
 * it; "transfer done" asks the member to refresh the balance and closes the modal.
 */
export function QrPanel({ provider, currency, onDone }: { provider: QrProvider; currency?: string; onDone: () => void }) {
  const query = useQuery(qrQuery(provider));
  const state = query.data;
  const hasQr = Boolean(state?.hasQrcode && state.qrcode && state.qrcodeId);
  const expiresAt = hasQr && state ? expiresAtOf(query.dataUpdatedAt, state.expireIn) : null;
  const left = useCountdown(expiresAt, query.dataUpdatedAt);

  if (query.isPending) return <Loading />;
  if (hasQr && state && left > 0) {
    return <ActiveQr key={state.qrcodeId} provider={provider} state={state} secondsLeft={left} currency={currency} onDone={onDone} />;
  }
  return <QrForm key={provider} provider={provider} currency={currency} isExpired={hasQr && left <= 0} />;
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
    onSuccess: (result) => queryClient.setQueryData(queryKeys.qr(provider), result),
    onError: async (failure) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.qr(provider) });
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
