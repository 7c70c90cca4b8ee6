import { PAGE_SIZE } from '@mekong/contracts/constants';
import type { Slip } from '@mekong/contracts/deposit';
import { useQuery } from '@tanstack/react-query';
import { ExternalLink, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { QueryStates } from '@/components/query-states';
import { sheetModal } from '@/components/sheet-modal';
import { Pagination } from '@/components/pagination';
import { slipListQuery, slipReferenceUrl } from '@/features/statement/api/statement-queries';
import { slipAmountText, slipReasonKey } from '@/lib/slip-format';
import { pageCount } from '@/lib/pagination';
import { statusKind } from '@/features/statement/hooks/statement-format';
import { errorText } from '@/lib/error-message';
import { formatDateTime } from '@/lib/format';
import { useDateEra } from '@/lib/use-date-era';
import '@/features/statement/components/statement.css';
import '@/features/statement/components/slip-status-modal.css';

/**
 * Spec §2 slip status: a refresh link and a table of date, amount ("-" if not over 0), status with the reason, and
 * a view link; 10 a page. A failed load says so with a retry, never "no slips" (docs/design.md#member-app).
 */
export const SlipStatusModal = sheetModal('slip-status-modal', 'slipStatus.title', SlipStatusBody);

function SlipStatusBody() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const slips = useQuery(slipListQuery(page));
  const totalPages = pageCount(slips.data?.total ?? 0, PAGE_SIZE.slip);

  return (
    <div className="slip-status">
      <div className="slip-status__bar">
        <span className="muted">{t('slipStatus.subtitle')}</span>
        <button
          type="button"
          className="slip-status__refresh"
          onClick={() => void slips.refetch()}
          disabled={slips.isFetching}
          data-testid="slip-refresh"
        >
          <RefreshCw size={15} aria-hidden className={slips.isFetching ? 'is-spinning' : undefined} /> {t('slipStatus.refresh')}
        </button>
      </div>

      <QueryStates query={slips} testId="slip" lines={4} isEmpty={(data) => data.slips.length === 0} empty={<SlipsEmpty />}>
        {(data) => (
          <>
            <div className="slip-table-wrap">
              <table className={`slip-table${slips.isPlaceholderData ? ' is-stale' : ''}`} aria-busy={slips.isFetching || undefined}>
                <thead>
                  <tr>
                    <th scope="col">{t('slipStatus.date')}</th>
                    <th scope="col" className="slip-table__num">
                      {t('slipStatus.amount')}
                    </th>
                    <th scope="col">{t('slipStatus.status')}</th>
                    <th scope="col">
                      <span className="sr-only">{t('slipStatus.view')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.slips.map((slip) => (
                    <SlipRow key={slip._id} slip={slip} />
                  ))}
                </tbody>
              </table>
            </div>
            {totalPages > 1 && (
              <Pagination page={page} totalPages={totalPages} onPage={setPage} testIdPrefix="slip" />
            )}
          </>
        )}
      </QueryStates>
    </div>
  );
}

function SlipsEmpty() {
  const { t } = useTranslation();
  return (
    <p className="slip-status__empty muted" data-testid="slip-empty">
      {t('slipStatus.empty')}
    </p>
  );
}

function SlipRow({ slip }: { slip: Slip }) {
  const { t } = useTranslation();
  const kind = statusKind(slip.status);
  const dates = useDateEra();
  const reason = slip.status === 'FAILED' ? slipReasonKey(slip.note ?? 'UNKNOWN') : slipReasonKey(slip.note);
  const [date, time] = formatDateTime(slip.createdAt, dates).split(' ');

  const onView = async () => {
    if (!slip.reference) return;
    // Opened before the call so pop-up blockers see the tap; pointed at the link once it is known.
    const tab = window.open('', '_blank');
    try {
      const { url } = await slipReferenceUrl(slip.reference);
      if (tab) {
        tab.opener = null;
        tab.location.href = url;
      } else {
        window.open(url, '_blank', 'noopener');
      }
    } catch (error) {
      tab?.close();
      toast.error(errorText(t, error));
    }
  };

  return (
    <tr data-testid="slip-row" data-status={slip.status} data-reason={slip.note ?? undefined}>
      <td className="slip-table__date" data-testid="slip-date">
        <span>{date}</span> <span className="muted">{time}</span>
      </td>
      <td className="slip-table__num" data-testid="slip-amount">
        {slipAmountText(slip.amount)}
      </td>
      <td>
        <span className={`status-chip status-chip--${kind}`} data-testid="slip-status" data-status={slip.status}>
          {t(`statement.status.${kind}`)}
        </span>
        {reason && (
          <span className="slip-table__reason" data-testid="slip-reason">
            {t(reason)}
          </span>
        )}
      </td>
      <td className="slip-table__view">
        {slip.link ? (
          <a href={slip.link} target="_blank" rel="noopener noreferrer" className="slip-table__link" data-testid="slip-view">
            {t('slipStatus.view')} <ExternalLink size={13} aria-hidden />
          </a>
        ) : slip.reference ? (
          <button type="button" className="slip-table__link" onClick={() => void onView()} data-testid="slip-view">
            {t('slipStatus.view')} <ExternalLink size={13} aria-hidden />
          </button>
        ) : (
          <span className="muted">-</span>
        )}
      </td>
    </tr>
  );
}
