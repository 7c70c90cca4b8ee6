import { PAGE_SIZE } from '@mekong/contracts/constants';
import type { RefundCheck } from '@mekong/contracts/refund';
import { useQuery } from '@tanstack/react-query';
import { CalendarRange, Info, ReceiptText } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { DataTable } from '@/components/data-table';
import { Pagination } from '@/components/pagination';
import { PromoBanners } from '@/components/promo-banners';
import { EmptyState, QueryStates } from '@/components/query-states';
import { sheetModal } from '@/components/sheet-modal';
import { StatFigures } from '@/components/stat-figures';
import { useMoneyMutation } from '@/components/use-money-mutation';
import { receiveRefund, refundBannersQuery, refundCheckQuery, refundLogQuery } from '@/features/refund/api/refund-api';
import { refundBlock, weekLastDay } from '@/features/refund/hooks/refund-view';
import { formatAmount, formatDate, formatDateTime } from '@/lib/format';
import { profileQuery } from '@/lib/member-queries';
import { pageCount } from '@/lib/pagination';
import { useDateEra } from '@/lib/use-date-era';
import '@/components/promo-body.css';
import '@/features/refund/components/refund.css';

/**
 * Spec §2 refund modal: the check of last week (net loss, percent, the amount), the receive button (disabled while a
 * bonus is active, spec §4, with the reason), and the log of received refunds, 10 a page.
 */
export const RefundModal = sheetModal('refund-modal', 'refund.title', RefundBody);

function RefundBody() {
  const { t } = useTranslation();
  const check = useQuery(refundCheckQuery);
  const banners = useQuery(refundBannersQuery);
  const currency = useQuery(profileQuery).data?.profile.currency;

  return (
    <div className="promo-body refund">
      <PromoBanners banners={banners.data?.banners ?? []} label={t('refund.banners')} testId="refund-banners" />
      <QueryStates query={check} testId="refund" lines={4} failedTitle={t('refund.loadFailed')}>
        {(data) => <CheckCard check={data} currency={currency} />}
      </QueryStates>
      <RefundLog currency={currency} />
    </div>
  );
}

function CheckCard({ check, currency }: { check: RefundCheck; currency: string | undefined }) {
  const { t } = useTranslation();
  const dates = useDateEra();
  const receive = useMoneyMutation({
    ...receiveRefund,
    successToast: (result) => ({ text: t('refund.received', { amount: formatAmount(result.refundAmount, currency) }) }),
    failureTitle: t('refund.receiveFailed'),
  });
  const block = refundBlock(check);
  const { info } = check;

  return (
    <section className="refund-check card card--raised" aria-labelledby="refund-check-title" data-testid="refund-check">
      <div className="refund-check__week">
        <CalendarRange size={18} aria-hidden />
        <h3 id="refund-check-title" className="promo-body__heading">
          {t('refund.week', { from: formatDate(info.weekStart, dates), to: formatDate(weekLastDay(info.weekEnd), dates) })}
        </h3>
      </div>
      <StatFigures
        items={[
          { label: t('refund.netLoss'), value: formatAmount(info.netLoss, currency), testId: 'refund-net-loss' },
          { label: t('refund.percent'), value: `${info.percent}%`, testId: 'refund-percent' },
        ]}
      />
      <div className="refund-check__amount">
        <span className="refund-check__label">{t('refund.amount')}</span>
        <strong data-testid="refund-amount">{formatAmount(check.refundAmount, currency)}</strong>
        {info.maximum !== null && <span className="refund-check__label">{t('refund.maximum', { amount: formatAmount(info.maximum, currency) })}</span>}
      </div>
      {block && (
        <p className="inline-notice" role="note" data-testid="refund-blocked" data-reason={block}>
          <Info size={18} aria-hidden /> {t(`refund.blocked.${block}`)}
        </p>
      )}
      <Button
        isBlock
        onClick={() => receive.submit(undefined)}
        disabled={block !== null || receive.isPending}
        isBusy={receive.isBusyShown}
        data-testid="refund-receive"
      >
        {t('refund.receive')}
      </Button>
      <StatFigures
        items={[
          { label: t('refund.success'), value: formatAmount(check.refundSuccess, currency), testId: 'refund-success', tone: 'good' },
          { label: t('refund.fail'), value: formatAmount(check.refundFail, currency), testId: 'refund-fail' },
        ]}
      />
    </section>
  );
}

function RefundLog({ currency }: { currency: string | undefined }) {
  const { t } = useTranslation();
  const dates = useDateEra();
  const [page, setPage] = useState(1);
  const log = useQuery(refundLogQuery(page));

  return (
    <section className="refund-log" aria-labelledby="refund-log-title">
      <h3 id="refund-log-title" className="promo-body__heading">
        {t('refund.logTitle')}
      </h3>
      <QueryStates query={log} testId="refund-log" lines={3} isEmpty={(data) => data.refunds.length === 0} empty={<EmptyState icon={<ReceiptText size={24} />} title={t('refund.empty')} testId="refund-log-empty" />}>
        {(data) => (
          <>
            <DataTable
              columns={[{ label: t('refund.date') }, { label: t('refund.weekOf') }, { label: t('refund.amount'), isNumeric: true }]}
              isStale={log.isPlaceholderData}
              testId="refund-log"
            >
              {data.refunds.map((row) => {
                const [date, time] = formatDateTime(row.createdAt, dates).split(' ');
                return (
                  <tr key={row._id} data-testid="refund-row">
                    <td className="data-table__date">
                      <span>{date}</span> <span className="muted">{time}</span>
                    </td>
                    <td className="data-table__date">{formatDate(row.weekStart, dates)}</td>
                    <td className="data-table__num">{formatAmount(row.refundAmount, currency)}</td>
                  </tr>
                );
              })}
            </DataTable>
            {data.total > PAGE_SIZE.refund && (
              <Pagination page={page} totalPages={pageCount(data.total, PAGE_SIZE.refund)} onPage={setPage} testIdPrefix="refund" />
            )}
          </>
        )}
      </QueryStates>
    </section>
  );
}
