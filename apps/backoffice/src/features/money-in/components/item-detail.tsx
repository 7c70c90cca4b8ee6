import { useTranslation } from 'react-i18next';
import type {
  BankLineDetail,
  NoticeItem,
  QrItem,
  SlipItem,
  VoucherItem,
} from '@mekong/contracts/admin/deposits';
import { Dialog } from '@/components/dialog';
import { QueryState } from '@/components/query-state';
import { useQueueItem, type MoneyInQueue } from '@/features/money-in/api/money-in-api';
import { BankLineFacts, BankLineSuggestions } from '@/features/money-in/components/bank-line-panel';
import { DecisionBar } from '@/features/money-in/components/decision-bar';
import { NoticeFacts, QrFacts, VoucherFacts } from '@/features/money-in/components/held-facts';
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
    <Dialog isOpen={id !== null} onClose={onClose} title={t(`detail.title.${queue}`)} size="wide">
      {id ? (
        <QueryState query={query}>{(item) => <Body queue={queue} item={item} />}</QueryState>
      ) : null}
    </Dialog>
  );
}

function Body({ queue, item }: { queue: MoneyInQueue; item: unknown }) {
  const { t } = useTranslation('moneyIn');
  const summary = (
    amountMinor: number | null,
    member: { phone: string; name: string },
    currency = 'THB',
  ) =>
    t('creditSummary', {
      amount: money(amountMinor, currency),
      member: `${member.phone} ${member.name}`,
    });
  switch (queue) {
    case 'qr': {
      const qr = item as QrItem;
      return (
        <>
          <QrFacts item={qr} />
          <DecisionBar
            queue={queue}
            item={qr}
            isOpen={qr.status === 'held'}
            creditBlocked={qr.paidAmountMinor === null ? t('awaitingNotice') : null}
            creditSummary={summary(qr.paidAmountMinor, qr.member)}
            refuseSummary={t('refuseSummary')}
          />
        </>
      );
    }
    case 'vouchers': {
      const voucher = item as VoucherItem;
      return (
        <>
          <VoucherFacts item={voucher} />
          <DecisionBar
            queue={queue}
            item={voucher}
            isOpen={voucher.status === 'held'}
            creditSummary={summary(voucher.amountMinor, voucher.member)}
            refuseSummary={t('refuseSummary')}
          />
        </>
      );
    }
    case 'notices': {
      const notice = item as NoticeItem;
      return (
        <>
          <NoticeFacts item={notice} />
          <DecisionBar
            queue={queue}
            item={notice}
            isOpen={notice.status === 'pending'}
            creditSummary={summary(notice.amountMinor, notice.member, notice.currency)}
            refuseSummary={t('noticeRefuseSummary')}
          />
        </>
      );
    }
    case 'bank-lines': {
      const line = item as BankLineDetail;
      const isOpen = line.status === 'unmatched';
      return (
        <>
          <BankLineFacts item={line} />
          {isOpen ? <BankLineSuggestions item={line} /> : null}
          <DecisionBar
            queue={queue}
            item={line}
            kind="bank-line"
            isOpen={isOpen}
            creditSummary={null}
            refuseSummary={t('lineRefuseSummary')}
          />
        </>
      );
    }
    case 'slips': {
      const slip = item as SlipItem;
      return (
        <>
          <SlipView item={slip} />
          <DecisionBar
            queue={queue}
            item={slip}
            kind="slip"
            isOpen={slip.status === 'failed' && slip.outcome === null}
            slipAmountMinor={slip.amountMinor}
            creditSummary={summary(slip.amountMinor, slip.member)}
            refuseSummary={t('slipRefuseSummary')}
          />
        </>
      );
    }
  }
}
