import { useTranslation } from 'react-i18next';
import { Facts } from '@/components/facts';
import { QueryState } from '@/components/query-state';
import { formatDateTime, formatMinor } from '@/lib/format';
import { useOperator } from '@/lib/use-operator';
import { useWithdrawalDetail } from '@/features/money-out/api/money-out-api';
import { DecisionActions } from '@/features/money-out/components/decision-actions';
import { DetailCard, memberFacts } from '@/features/money-out/components/detail-card';
import { RiskSignals } from '@/features/money-out/components/risk-signals';

type Props = { id: string | null; onDecided: () => void };

/** The selected withdrawal beside the queue: who, how much, where, why held; claim, approve, reject. */
export function WithdrawalDetail({ id, onDecided }: Props) {
  const { t, i18n } = useTranslation('moneyOut');
  const detail = useWithdrawalDetail(id);
  const operator = useOperator();
  const lang = i18n.language;
  return (
    <DetailCard isEmpty={id === null} testId="withdrawal-detail" onClose={onDecided}>
      <QueryState query={detail}>
        {(data) => {
          const w = data.item;
          const amount = formatMinor(w.amountMinor, w.currency);
          const isOwnRequest = w.approval?.requestedById === operator.data?.operator.id;
          const approveText = w.approval ? t('confirmSecond') : t('approve');
          return (
            <>
              <h2 className="money-out__amount">{amount}</h2>
              <Facts
                rows={[
                  { label: t('status'), value: t(`statuses.${w.status}`) },
                  ...memberFacts(w, t, lang, true),
                  {
                    label: t('reason'),
                    value: w.reasons.map((r) => t(`reasons.${r}`)).join(', ') || '—',
                  },
                  { label: t('bankChanged'), value: formatDateTime(data.bankChangedAt, lang) },
                  { label: t('cash'), value: formatMinor(data.cashMinor, w.currency) },
                  w.approval && {
                    label: t('secondApproval'),
                    value: (
                      <>
                        {t('firstApprovalBy', { name: w.approval.requestedBy })}
                        {w.approval.reason ? (
                          <small className="muted"> · {w.approval.reason}</small>
                        ) : null}
                      </>
                    ),
                  },
                  ...(w.decidedBy
                    ? [
                        {
                          label: t('decidedBy'),
                          value: `${w.decidedBy} · ${formatDateTime(w.decidedAt, lang)}`,
                        },
                        { label: t('note'), value: data.decisionNote ?? '—' },
                      ]
                    : []),
                ]}
              />
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
              <RiskSignals id={w.id} currency={w.currency} />
              {w.status === 'pending_approval' ? (
                <DecisionActions
                  item={w}
                  onDecided={onDecided}
                  choices={[
                    {
                      decision: 'approve',
                      label: approveText,
                      isDisabled: isOwnRequest,
                      summary: (
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
                      ),
                    },
                    { decision: 'reject', summary: <p>{t('rejectSummary', { amount })}</p> },
                  ]}
                  notes={isOwnRequest ? <p className="muted">{t('selfRequest')}</p> : null}
                />
              ) : null}
            </>
          );
        }}
      </QueryState>
    </DetailCard>
  );
}
