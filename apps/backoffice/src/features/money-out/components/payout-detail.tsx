import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PayoutItem } from '@mekong/contracts/admin/withdrawals';
import { Button } from '@/components/button';
import { ClaimControl } from '@/components/claim-control';
import { ReasonDialog } from '@/components/reason-dialog';
import { formatDateTime, formatMinor } from '@/lib/format';
import { useCan } from '@/lib/use-operator';
import {
  useClaimActions,
  usePayoutDecisions,
} from '@/features/money-out/hooks/use-money-out-actions';

type Props = { item: PayoutItem | null; onDecided: () => void };

/** The selected payout beside the queue: its bank history, claim, retry and refund. */
export function PayoutDetail({ item, onDecided }: Props) {
  const { t, i18n } = useTranslation('moneyOut');
  const canDecide = useCan('withdrawals.decide');
  const { claim, release } = useClaimActions('payouts');
  const [dialog, setDialog] = useState<'retry' | 'refund' | null>(null);
  const close = () => setDialog(null);
  const { retry, refund } = usePayoutDecisions(() => {
    close();
    onDecided();
  });

  if (item === null) return <aside className="card muted">{t('pick')}</aside>;
  const amount = formatMinor(item.amountMinor, item.currency);
  const isMine = item.claim?.isMine === true;
  const isOpen = item.state !== 'failed';
  const lang = i18n.language;
  return (
    <aside className="card" aria-label={t('detailTitle')} data-testid="payout-detail">
      <h2 className="money-out__amount">{amount}</h2>
      <p>
        <span className={`badge ${item.state === 'failed' ? 'badge--danger' : 'badge--warn'}`}>
          {t(`states.${item.state}`)}
        </span>
      </p>
      <dl className="facts">
        <dt>{t('memberName')}</dt>
        <dd>{item.memberName}</dd>
        <dt>{t('phone')}</dt>
        <dd>{item.memberPhone}</dd>
        <dt>{t('account')}</dt>
        <dd>
          {item.bankCode} {item.accountNo}
          <br />
          <small className="muted">{item.accountName}</small>
        </dd>
        <dt>{t('created')}</dt>
        <dd>{formatDateTime(item.createdAt, lang)}</dd>
        <dt>{t('attempts')}</dt>
        <dd>{item.payoutAttempts}</dd>
        <dt>{t('lastTry')}</dt>
        <dd>{formatDateTime(item.lastPayoutAt, lang)}</dd>
        <dt>{t('failure')}</dt>
        <dd>{item.failureCode ?? '—'}</dd>
        <dt>{t('decidedBy')}</dt>
        <dd>{item.decidedBy ?? '—'}</dd>
      </dl>
      {isOpen ? (
        <div className="money-out__actions">
          <ClaimControl
            claim={item.claim}
            canClaim={canDecide}
            isBusy={claim.isPending || release.isPending}
            onClaim={() => claim.mutate(item.id)}
            onRelease={() => release.mutate(item.id)}
          />
          {canDecide ? (
            <>
              <Button disabled={!isMine} onClick={() => setDialog('retry')}>
                {t('retry')}
              </Button>
              <Button variant="danger" disabled={!isMine} onClick={() => setDialog('refund')}>
                {t('refund')}
              </Button>
            </>
          ) : null}
          {canDecide && !isMine ? <p className="muted">{t('claimFirst')}</p> : null}
        </div>
      ) : (
        <p className="notice">{t('failedInfo')}</p>
      )}
      <ReasonDialog
        isOpen={dialog === 'retry'}
        onClose={close}
        title={t('retryTitle')}
        summary={<p>{t('retrySummary')}</p>}
        confirmText={t('retry')}
        isReasonRequired={false}
        isBusy={retry.isPending}
        onConfirm={(reason) => retry.mutate({ id: item.id, reason })}
      />
      <ReasonDialog
        isOpen={dialog === 'refund'}
        onClose={close}
        title={t('refundTitle')}
        summary={<p>{t('refundSummary', { amount })}</p>}
        confirmText={t('refund')}
        variant="danger"
        isBusy={refund.isPending}
        onConfirm={(reason) => refund.mutate({ id: item.id, reason })}
      />
    </aside>
  );
}
