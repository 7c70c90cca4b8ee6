import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { ClaimControl } from '@/components/claim-control';
import { QueryState } from '@/components/query-state';
import { ReasonDialog } from '@/components/reason-dialog';
import { formatDateTime, formatMinor } from '@/lib/format';
import { useCan, useOperator } from '@/lib/use-operator';
import { useWithdrawalDetail } from '@/features/money-out/api/money-out-api';
import {
  useClaimActions,
  useWithdrawalDecisions,
} from '@/features/money-out/hooks/use-money-out-actions';

type Props = { id: string | null; onDecided: () => void };

/** The selected withdrawal beside the queue: who, how much, where, why held; claim, approve, reject. */
export function WithdrawalDetail({ id, onDecided }: Props) {
  const { t, i18n } = useTranslation('moneyOut');
  const detail = useWithdrawalDetail(id);
  const operator = useOperator();
  const canDecide = useCan('withdrawals.decide');
  const { claim, release } = useClaimActions('withdrawals');
  const [dialog, setDialog] = useState<'approve' | 'reject' | null>(null);
  const close = () => setDialog(null);
  const { approve, reject } = useWithdrawalDecisions(() => {
    close();
    onDecided();
  });

  if (id === null) return <aside className="card muted">{t('pick')}</aside>;
  return (
    <aside className="card" aria-label={t('detailTitle')} data-testid="withdrawal-detail">
      <QueryState query={detail}>
        {(data) => {
          const w = data.item;
          const amount = formatMinor(w.amountMinor, w.currency);
          const isHeld = w.status === 'pending_approval';
          const isMine = w.claim?.isMine === true;
          const isOwnRequest = w.approval?.requestedById === operator.data?.operator.id;
          const lang = i18n.language;
          return (
            <>
              <h2 className="money-out__amount">{amount}</h2>
              <dl className="facts">
                <dt>{t('status')}</dt>
                <dd>{t(`statuses.${w.status}`)}</dd>
                <dt>{t('memberName')}</dt>
                <dd>{w.memberName}</dd>
                <dt>{t('phone')}</dt>
                <dd>{w.memberPhone}</dd>
                <dt>{t('publicId')}</dt>
                <dd>{w.memberPublicId}</dd>
                <dt>{t('account')}</dt>
                <dd>
                  {w.bankCode} {w.accountNo}
                  <br />
                  <small className="muted">{w.accountName}</small>
                </dd>
                <dt>{t('created')}</dt>
                <dd>{formatDateTime(w.createdAt, lang)}</dd>
                <dt>{t('reason')}</dt>
                <dd>{w.reasons.map((r) => t(`reasons.${r}`)).join(', ') || '—'}</dd>
                <dt>{t('bankChanged')}</dt>
                <dd>{formatDateTime(data.bankChangedAt, lang)}</dd>
                <dt>{t('cash')}</dt>
                <dd>{formatMinor(data.cashMinor, w.currency)}</dd>
                {w.approval ? (
                  <>
                    <dt>{t('secondApproval')}</dt>
                    <dd>
                      {t('firstApprovalBy', { name: w.approval.requestedBy })}
                      {w.approval.reason ? (
                        <small className="muted"> · {w.approval.reason}</small>
                      ) : null}
                    </dd>
                  </>
                ) : null}
                {w.decidedBy ? (
                  <>
                    <dt>{t('decidedBy')}</dt>
                    <dd>
                      {w.decidedBy} · {formatDateTime(w.decidedAt, lang)}
                    </dd>
                    <dt>{t('note')}</dt>
                    <dd>{data.decisionNote ?? '—'}</dd>
                  </>
                ) : null}
              </dl>
              <h3 className="money-out__subhead">{t('recent')}</h3>
              {data.recent.length === 0 ? (
                <p className="muted">{t('noRecent')}</p>
              ) : (
                <ul className="money-out__recent">
                  {data.recent.map((r) => (
                    <li key={r.id}>
                      {formatDateTime(r.createdAt, lang)} · {formatMinor(r.amountMinor, w.currency)}{' '}
                      · {t(`statuses.${r.status}`, { defaultValue: r.status })}
                    </li>
                  ))}
                </ul>
              )}
              {isHeld ? (
                <div className="money-out__actions">
                  <ClaimControl
                    claim={w.claim}
                    canClaim={canDecide}
                    isBusy={claim.isPending || release.isPending}
                    onClaim={() => claim.mutate(w.id)}
                    onRelease={() => release.mutate(w.id)}
                  />
                  {canDecide ? (
                    <>
                      <Button
                        disabled={!isMine || isOwnRequest}
                        onClick={() => setDialog('approve')}
                      >
                        {w.approval ? t('confirmSecond') : t('approve')}
                      </Button>
                      <Button
                        variant="danger"
                        disabled={!isMine}
                        onClick={() => setDialog('reject')}
                      >
                        {t('reject')}
                      </Button>
                    </>
                  ) : null}
                  {canDecide && !isMine ? <p className="muted">{t('claimFirst')}</p> : null}
                  {isOwnRequest ? <p className="muted">{t('selfRequest')}</p> : null}
                </div>
              ) : null}
              <ReasonDialog
                isOpen={dialog === 'approve'}
                onClose={close}
                title={t('approveTitle')}
                summary={
                  <>
                    <p>
                      {t('approveSummary', {
                        amount,
                        account: `${w.bankCode} ${w.accountNo}`,
                        name: w.accountName,
                      })}
                    </p>
                    {w.isSecondApprovalNeeded && !w.approval ? (
                      <p className="notice notice--warn">{t('approveSecondSummary')}</p>
                    ) : null}
                  </>
                }
                confirmText={w.approval ? t('confirmSecond') : t('approve')}
                isReasonRequired={false}
                isBusy={approve.isPending}
                onConfirm={(reason) => approve.mutate({ id: w.id, reason })}
              />
              <ReasonDialog
                isOpen={dialog === 'reject'}
                onClose={close}
                title={t('rejectTitle')}
                summary={<p>{t('rejectSummary', { amount })}</p>}
                confirmText={t('reject')}
                variant="danger"
                isBusy={reject.isPending}
                onConfirm={(reason) => reject.mutate({ id: w.id, reason })}
              />
            </>
          );
        }}
      </QueryState>
    </aside>
  );
}
