import { Play } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReconciliationReport, ReportRange } from '@mekong/contracts/admin/reports';
import { Button } from '@/components/button';
import { Field } from '@/components/form-fields';
import { PageHeader } from '@/components/page-header';
import { QueryState } from '@/components/query-state';
import {
  downloadReconciliationCsv,
  useReconciliation,
  type ReconciliationRun,
} from '@/features/reports/api/reports-api';
import {
  DifferencesTable,
  ProvidersTable,
} from '@/features/reports/components/reconciliation-tables';
import { useCsvDownload } from '@/features/reports/components/csv-download';
import { RangeToolbar } from '@/features/reports/components/range-toolbar';
import { StatCard } from '@/features/reports/components/stat-card';
import { presetRange } from '@/features/reports/hooks/report-range';
import { formatDateTime } from '@/lib/format';
import '@/features/reports/components/reports.css';

const LIMITS = [50, 200, 500];

function nextCursors(report: ReconciliationReport) {
  const cursors = {
    games: report.games.nextCursor,
    payouts: report.payouts.nextCursor,
    bankLines: report.bankLines.nextCursor,
    bankCredits: report.bankLines.nextCreditsCursor,
  };
  return Object.values(cursors).some((c) => c !== null) ? cursors : null;
}

/** Reconciliation (docs/back-office/reports.md#reconciliation): run on demand, every difference listed. */
export function ReconciliationPage() {
  const { t, i18n } = useTranslation('reports');
  const [range, setRange] = useState<ReportRange>(() => presetRange('last7'));
  const [limit, setLimit] = useState(200);
  const [request, setRequest] = useState<ReconciliationRun | null>(null);
  const result = useReconciliation(request);

  const run = (next: ReportRange) => {
    setRange(next);
    setRequest((before) => ({ body: { ...next, limit }, run: (before?.run ?? 0) + 1 }));
  };
  const csv = useCsvDownload(
    () => downloadReconciliationCsv(request?.body ?? { ...range, limit }),
    request === null,
  );

  return (
    <>
      <PageHeader title={t('recon.title')} subtitle={t('recon.subtitle')} actions={csv.button} />
      {csv.error}
      <RangeToolbar value={range} onApply={run} applyText={t('recon.run')}>
        <Field label={t('recon.limit')}>
          <select value={limit} onChange={(e) => setLimit(Number(e.target.value))}>
            {LIMITS.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </Field>
      </RangeToolbar>
      {request === null ? (
        <p className="notice notice--warn">
          <Play size={16} aria-hidden /> {t('recon.notRun')}
        </p>
      ) : (
        <QueryState query={result}>
          {(report) => {
            const unreachable = [
              ...report.games.providers
                .filter((p) => p.status === 'unreachable')
                .map((p) => p.provider),
              ...(report.payouts.bankStatus === 'unreachable' ? [t('recon.payouts')] : []),
            ];
            const isBalanced =
              report.ledger.sums.every((s) => s.sumMinor === '0') &&
              report.ledger.mismatchedAccounts === 0;
            const okProviders = report.games.providers.filter((p) => p.status === 'ok').length;
            const cursors = nextCursors(report);
            return (
              <>
                <p className="report-note muted">
                  {t('timeNote', { at: formatDateTime(report.generatedAt, i18n.language) })}
                </p>
                {unreachable.length > 0 ? (
                  <p className="notice notice--danger" role="status">
                    {t('recon.unreachableNote', { names: unreachable.join(', ') })}
                  </p>
                ) : null}
                <div className="stat-cards">
                  <StatCard
                    label={t('recon.ledger')}
                    value={isBalanced ? t('recon.balanced') : t('recon.notBalanced')}
                    tone={isBalanced ? 'ok' : 'bad'}
                    hint={t('recon.mismatched', { count: report.ledger.mismatchedAccounts })}
                  />
                  <StatCard
                    label={t('recon.games')}
                    value={`${okProviders} / ${report.games.providers.length}`}
                    tone={okProviders === report.games.providers.length ? 'ok' : 'bad'}
                    hint={`${t('recon.providersOk', {
                      ok: okProviders,
                      total: report.games.providers.length,
                    })} · ${t('recon.accountsChecked', { count: report.games.accountsChecked })}`}
                  />
                  <StatCard
                    label={t('recon.payouts')}
                    value={
                      report.payouts.bankStatus === 'ok'
                        ? t('recon.bankOk')
                        : t('recon.bankUnreachable')
                    }
                    tone={report.payouts.bankStatus === 'ok' ? 'ok' : 'bad'}
                    hint={t('recon.payoutsChecked', {
                      count: report.payouts.checked,
                      inFlight: report.payouts.inFlight,
                    })}
                  />
                  <StatCard
                    testId="card-differences"
                    label={t('recon.differences')}
                    value={String(report.differences.length)}
                    tone={report.differences.length === 0 ? 'ok' : 'bad'}
                    hint={t('recon.linesChecked', {
                      lines: report.bankLines.checked,
                      credits: report.bankLines.creditsChecked,
                    })}
                  />
                </div>
                <DifferencesTable report={report} />
                <ProvidersTable report={report} />
                {cursors ? (
                  <div className="notice notice--warn">
                    {t('recon.more')}
                    <Button
                      variant="secondary"
                      onClick={() =>
                        setRequest((before) => ({
                          body: { ...range, limit, cursors },
                          run: (before?.run ?? 0) + 1,
                        }))
                      }
                    >
                      {t('recon.nextPage')}
                    </Button>
                  </div>
                ) : null}
              </>
            );
          }}
        </QueryState>
      )}
    </>
  );
}
