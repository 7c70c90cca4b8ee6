import { useTranslation } from 'react-i18next';
import type { PayoutItem } from '@mekong/contracts/admin/withdrawals';
import { Facts } from '@/components/facts';
import { formatDateTime, formatMinor } from '@/lib/format';
import { DecisionActions } from '@/features/money-out/components/decision-actions';
import { DetailCard, memberFacts } from '@/features/money-out/components/detail-card';
import { StateBadge } from '@/features/money-out/components/queue-columns';

type Props = { item: PayoutItem | null; onDecided: () => void };

/** The selected payout beside the queue: its bank history, claim, retry and refund. */
export function PayoutDetail({ item, onDecided }: Props) {
  const { t, i18n } = useTranslation('moneyOut');
  if (item === null) return <DetailCard isEmpty testId="payout-detail" onClose={onDecided} />;
  const amount = formatMinor(item.amountMinor, item.currency);
  const lang = i18n.language;
  return (
    <DetailCard isEmpty={false} testId="payout-detail" onClose={onDecided}>
      <h2 className="money-out__amount">{amount}</h2>
      <p>
        <StateBadge state={item.state} />
      </p>
      <Facts
        rows={[
          ...memberFacts(item, t, lang, false),
          { label: t('attempts'), value: item.payoutAttempts },
          { label: t('lastTry'), value: formatDateTime(item.lastPayoutAt, lang) },
          { label: t('failure'), value: item.failureCode ?? '—' },
          { label: t('decidedBy'), value: item.decidedBy ?? '—' },
        ]}
      />
      {item.state === 'failed' ? (
        <p className="notice">{t('failedInfo')}</p>
      ) : (
        <DecisionActions
          item={item}
          onDecided={onDecided}
          choices={[
            { decision: 'retry', summary: <p>{t('retrySummary')}</p> },
            { decision: 'refund', summary: <p>{t('refundSummary', { amount })}</p> },
          ]}
        />
      )}
    </DetailCard>
  );
}
