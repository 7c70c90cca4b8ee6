import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { QueueMember } from '@mekong/contracts/admin/deposits';
import { DetailPanel } from '@/components/detail-panel';
import { QueryState } from '@/components/query-state';
import {
  useQueueItem,
  type MoneyInQueue,
  type QueueEntry,
} from '@/features/money-in/api/money-in-api';
import { BankLineFacts, BankLineSuggestions } from '@/features/money-in/components/bank-line-panel';
import { DecisionBar, type DecisionBarProps } from '@/features/money-in/components/decision-bar';
import {
  HeldFacts,
  noticeRows,
  qrRows,
  voucherRows,
} from '@/features/money-in/components/held-facts';
import { money } from '@/features/money-in/components/queue-columns';
import { SlipView } from '@/features/money-in/components/slip-view';

/** One queue item: what is known of it, its claim, and the decision. */
export function ItemDetail({
  queue,
  id,
  onClose,
}: {
  queue: MoneyInQueue;
  id: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('moneyIn');
  const query = useQueueItem(queue, id);
  return (
    <DetailPanel
      isOpen={id !== null}
      onClose={onClose}
      title={t(`detail.title.${queue}`)}
      testId="money-in-detail"
    >
      {id ? (
        <QueryState query={query}>
          {(item) => (
            <>
              <ItemFacts queue={queue} item={item} />
              <DecisionBar queue={queue} item={item} {...decisionOf(queue, item, t)} />
            </>
          )}
        </QueryState>
      ) : null}
    </DetailPanel>
  );
}

function ItemFacts({ queue, item }: { queue: MoneyInQueue; item: unknown }) {
  switch (queue) {
    case 'qr':
      return <HeldFacts item={item as QueueEntry<'qr'>} rowsOf={qrRows} />;
    case 'vouchers':
      return <HeldFacts item={item as QueueEntry<'vouchers'>} rowsOf={voucherRows} />;
    case 'notices':
      return <HeldFacts item={item as QueueEntry<'notices'>} rowsOf={noticeRows} />;
    case 'bank-lines': {
      const line = item as QueueEntry<'bank-lines'>;
      return (
        <>
          <BankLineFacts item={line} />
          {line.status === 'unmatched' ? <BankLineSuggestions item={line} /> : null}
        </>
      );
    }
    case 'slips':
      return <SlipView item={item as QueueEntry<'slips'>} />;
  }
}

type Decision = Omit<DecisionBarProps, 'queue' | 'item'>;
type Creditable = { member: QueueMember; amountMinor: number | null; currency?: string };

/** Whether the item still waits for a decision, and what its credit and refusal would do. */
function decisionOf(queue: MoneyInQueue, item: unknown, t: TFunction): Decision {
  const credit = ({ member, amountMinor, currency = 'THB' }: Creditable) =>
    t('creditSummary', {
      amount: money(amountMinor, currency),
      member: `${member.phone} ${member.name}`,
    });
  switch (queue) {
    case 'qr': {
      const qr = item as QueueEntry<'qr'>;
      const isAwaitingNotice = qr.paidAmountMinor === null;
      return {
        isOpen: qr.status === 'held',
        creditBlocked: isAwaitingNotice ? t('awaitingNotice') : null,
        creditSummary: credit({ member: qr.member, amountMinor: qr.paidAmountMinor }),
        refuseSummary: t('refuseSummary'),
      };
    }
    case 'vouchers':
      return {
        isOpen: (item as QueueEntry<'vouchers'>).status === 'held',
        creditSummary: credit(item as QueueEntry<'vouchers'>),
        refuseSummary: t('refuseSummary'),
      };
    case 'notices':
      return {
        isOpen: (item as QueueEntry<'notices'>).status === 'pending',
        creditSummary: credit(item as QueueEntry<'notices'>),
        refuseSummary: t('noticeRefuseSummary'),
      };
    case 'bank-lines':
      return {
        kind: 'bank-line',
        isOpen: (item as QueueEntry<'bank-lines'>).status === 'unmatched',
        creditSummary: null,
        refuseSummary: t('lineRefuseSummary'),
      };
    case 'slips': {
      const slip = item as QueueEntry<'slips'>;
      return {
        kind: 'slip',
        isOpen: slip.status === 'failed' && slip.outcome === null,
        slipAmountMinor: slip.amountMinor,
        creditSummary: credit(slip),
        refuseSummary: t('slipRefuseSummary'),
      };
    }
  }
}
