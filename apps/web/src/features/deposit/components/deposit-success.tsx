import type { DepositMethod } from '@mekong/contracts/deposit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleCheck, Hourglass, RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { formatAmount } from '@/lib/format';
import { afterMoneyMoved, walletQuery } from '@/lib/member-queries';

type DepositSuccessProps = {
  method: DepositMethod;
  /** What arrived, in major units. */
  amount: number;
  /** SUCCESS: credited to the wallet; PENDING: a paid QR kept for an operator (paid late or another amount). */
  status: 'SUCCESS' | 'PENDING';
  currency?: string;
  onDone: () => void;
  onAgain: () => void;
};

/**
 * The one way a deposit is confirmed, whatever the method (docs/design.md#deposits): credited, with the amount, how it
 * came, and the wallet's new balance; or (a QR only) received but kept for an operator, saying so. Either way the
 * wallet and the statement are read again, and the member is told what comes next.
 */
export function DepositSuccess({ method, amount, status, currency, onDone, onAgain }: DepositSuccessProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [seenAt] = useState(() => Date.now());
  const wallet = useQuery(walletQuery);
  const isCredited = status === 'SUCCESS';
  const shown = formatAmount(amount, currency);

  useEffect(() => {
    void afterMoneyMoved(queryClient);
  }, [queryClient]);

  // Only a wallet read after the deposit was seen shows the new balance.
  const balance = wallet.data && !wallet.isPlaceholderData && wallet.dataUpdatedAt >= seenAt ? wallet.data.wallet.amount : null;
  const hasBalanceFailed = balance === null && wallet.errorUpdatedAt >= seenAt && !wallet.isFetching;

  return (
    <div className={`qr-paid${isCredited ? '' : ' qr-paid--held'}`} role="status" data-testid="deposit-success" data-method={method} data-status={status}>
      <span className="qr-paid__icon" aria-hidden>
        {isCredited ? <CircleCheck size={40} /> : <Hourglass size={36} />}
      </span>
      <h4 className="qr-paid__title">{t(isCredited ? 'depositFlow.paid.title' : 'depositFlow.held.title')}</h4>
      <p className="qr-paid__amount" data-testid="deposit-paid-amount">
        {isCredited ? `+${shown}` : shown}
      </p>
      {isCredited && (
        <p className="qr-paid__via" data-testid="deposit-paid-via">
          {t(`depositFlow.paid.via.${method}`)}
        </p>
      )}
      {isCredited ? (
        <div className="qr-paid__balance">
          <span className="qr-paid__caption">{t('depositFlow.paid.newBalance')}</span>
          {balance !== null ? (
            <span className="qr-paid__balance-value" data-testid="deposit-paid-balance">
              {formatAmount(balance, currency)}
            </span>
          ) : hasBalanceFailed ? (
            <button type="button" className="qr-paid__retry" onClick={() => void wallet.refetch()} data-testid="deposit-paid-balance-retry">
              <RefreshCw size={16} aria-hidden /> {t('depositFlow.paid.balanceFailed')}
            </button>
          ) : (
            <span className="qr-paid__updating" aria-busy>
              {t('depositFlow.paid.balanceUpdating')}
            </span>
          )}
        </div>
      ) : (
        <p className="qr-paid__note">{t('depositFlow.held.body', { amount: shown })}</p>
      )}
      <div className="qr-paid__actions">
        <Button isBlock onClick={onDone} data-testid="deposit-paid-done">
          {t('depositFlow.paid.done')}
        </Button>
        <Button variant="ghost" isBlock onClick={onAgain} data-testid="deposit-paid-again">
          {t('depositFlow.paid.again')}
        </Button>
      </div>
    </div>
  );
}
