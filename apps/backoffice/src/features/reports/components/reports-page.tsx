import type { LedgerCurrency } from '@mekong/contracts/constants';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportRange } from '@mekong/contracts/admin/reports';
import { Field } from '@/components/form-fields';
import { PageHeader } from '@/components/page-header';
import { QueryState } from '@/components/query-state';
import { downloadSummaryCsv, useSummary } from '@/features/reports/api/reports-api';
import { useCsvDownload } from '@/features/reports/components/csv-download';
import { RangeToolbar } from '@/features/reports/components/range-toolbar';
import { SummaryView } from '@/features/reports/components/summary-view';
import { presetRange } from '@/features/reports/hooks/report-range';
import { formatDateTime } from '@/lib/format';
import '@/features/reports/components/reports.css';

/** Reports (docs/back-office/reports.md#summary): a date range, cards and charts, then every figure in tables. */
export function ReportsPage() {
  const { t, i18n } = useTranslation('reports');
  const [range, setRange] = useState<ReportRange>(() => presetRange('last7'));
  const [currency, setCurrency] = useState<LedgerCurrency>('THB');
  const summary = useSummary(range);

  const csv = useCsvDownload(() => downloadSummaryCsv(range));

  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} actions={csv.button} />
      {csv.error}
      <RangeToolbar value={range} onApply={setRange} applyText={t('apply')}>
        <Field label={t('currency')}>
          <select value={currency} onChange={(e) => setCurrency(e.target.value as LedgerCurrency)}>
            <option value="THB">THB ฿</option>
            <option value="LAK">LAK ₭</option>
          </select>
        </Field>
      </RangeToolbar>
      <QueryState query={summary}>
        {(report) => (
          <>
            <p className="report-note muted">
              {t('timeNote', { at: formatDateTime(report.generatedAt, i18n.language) })}
            </p>
            <SummaryView report={report} currency={currency} />
          </>
        )}
      </QueryState>
    </>
  );
}
