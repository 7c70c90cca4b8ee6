import type { QrProvider } from '@mekong/contracts/constants';
import type { QrState } from '@mekong/contracts/deposit';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Clock } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useAlert } from '@/components/alert-provider';
import { Button } from '@/components/button';
import { Loading } from '@/components/loading';
import { cancelQr, qrQuery } from '@/features/deposit/api/deposit-api';
import { QrForm } from '@/features/deposit/components/qr-form';
import { QrImageActions } from '@/features/deposit/components/qr-image-actions';
import { DepositSuccess } from '@/features/deposit/components/deposit-success';
import { QrSvg } from '@/features/deposit/components/qr-svg';
import { expiresAtOf, formatCountdown } from '@/features/deposit/hooks/countdown';
import { errorText } from '@/lib/error-message';
import { formatAmount, formatMoney } from '@/lib/format';
import { afterMoneyMoved } from '@/lib/member-queries';
import { queryKeys } from '@/lib/query-keys';
import { useCountdown } from '@/lib/use-countdown';
import { useDelayedFlag } from '@/lib/use-delayed-flag';

/** How often a QR on screen asks whether it was paid, while the page is visible. */
export const QR_WATCH_INTERVAL_MS = 2000;
/** A payment made in time may be announced after the QR's time is up: keep asking this long after. */
const QR_LATE_WATCH_MS = 2 * 60_000;

type Watched = { id: string; expiresAt: number };

/**
 * The member's QR at one gateway (docs/spec.md §4): none → amount → QR with a mm:ss countdown; at 00:00 it is gone. Cancel deletes
 * it; "transfer done" asks the member to refresh the balance and closes the modal. Beyond the spec, a QR on screen is
 * watched (GET every 2 s while the page is visible): once the server has its payment the success shows by itself.
 */
type QrPanelProps = {
  provider: QrProvider;
  /** The gateways taking new QRs: the amount form's limits. */
  open: readonly QrProvider[];
  currency?: string;
  onDone: () => void;
  onPaidChange?: (isPaid: boolean) => void;
  /** A new QR was made, at the gateway the server chose (this panel's or another). */
  onCreated: (provider: QrProvider) => void;
};

export function QrPanel({ provider, open, currency, onDone, onPaidChange, onCreated }: QrPanelProps) {
  const [watched, setWatched] = useState<Watched | null>(null);
  const query = useQuery({
    ...qrQuery(provider),
    refetchInterval: () => (watched && Date.now() < watched.expiresAt + QR_LATE_WATCH_MS ? QR_WATCH_INTERVAL_MS : false),
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: watched ? 'always' : false,
  });
  const state = query.data;
  const hasQr = Boolean(state?.hasQrcode && state.qrcode && state.qrcodeId);
  const expiresAt = hasQr && state ? expiresAtOf(query.dataUpdatedAt, state.expireIn) : null;
  const left = useCountdown(expiresAt, query.dataUpdatedAt);

  // Every QR shown here is watched until it is paid, cancelled, or well past its time.
  if (hasQr && state?.qrcodeId && expiresAt !== null && watched?.id !== state.qrcodeId) setWatched({ id: state.qrcodeId, expiresAt });
  const payment = !hasQr && watched && state?.payment?.qrcodeId === watched.id ? state.payment : null;
  const isPaid = payment !== null;
  useEffect(() => {
    onPaidChange?.(isPaid);
  }, [isPaid, onPaidChange]);

  if (query.isPending) return <Loading />;
  if (payment) {
    return <DepositSuccess key={payment.qrcodeId} method="qr" amount={payment.amount} status={payment.status} currency={currency} onDone={onDone} onAgain={() => setWatched(null)} />;
  }
  if (hasQr && state && expiresAt !== null && left > 0) {
    return <ActiveQr key={state.qrcodeId} provider={provider} state={state} expiresAt={expiresAt} secondsLeft={left} currency={currency} onDone={onDone} onCancelled={() => setWatched(null)} />;
  }
  const isExpired = hasQr || (watched !== null && Date.now() >= watched.expiresAt);
  return <QrForm open={open} currency={currency} isExpired={isExpired} onCreated={onCreated} />;
}

type ActiveQrProps = {
  provider: QrProvider;
  state: QrState;
  expiresAt: number;
  secondsLeft: number;
  currency?: string;
  onDone: () => void;
  onCancelled: () => void;
};

function ActiveQr({ provider, state, expiresAt, secondsLeft, currency, onDone, onCancelled }: ActiveQrProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const showAlert = useAlert();

  const cancel = useMutation({
    mutationFn: () => cancelQr(provider, state.qrcodeId ?? ''),
    onSuccess: (result) => {
      onCancelled();
      queryClient.setQueryData(queryKeys.qr(provider), result);
    },
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
      <div className="qr-box__meta">
        <p className={`qr-box__countdown${secondsLeft <= 60 ? ' is-ending' : ''}`} aria-live="off">
          <Clock size={16} aria-hidden />
          <span>{t('deposit.expiresIn')}</span>
          <time data-testid="deposit-countdown" dateTime={`PT${secondsLeft}S`}>
            {formatCountdown(secondsLeft)}
          </time>
        </p>
        {state.reference && (
          <p className="qr-box__reference">
            {t('depositFlow.reference')} <span data-testid="deposit-qr-reference">{state.reference}</span>
          </p>
        )}
      </div>
      <p className="qr-box__watching" data-testid="deposit-qr-watching">
        <span className="qr-box__pulse" aria-hidden />
        {t('depositFlow.watching')}
      </p>
      <QrImageActions provider={provider} state={state} expiresAt={expiresAt} currency={currency} />
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
