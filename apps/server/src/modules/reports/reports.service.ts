import type {
  ReconciliationReport,
  ReportRange,
  SummaryReport,
} from '@mekong/contracts/admin/reports';
import type { AppDeps } from '@/app-deps.ts';
import { reconciliationCsv, summaryCsv } from '@/modules/reports/report-csv.ts';
import { buildReconciliation, type ReconciliationInput } from '@/modules/reports/reconciliation.ts';
import { buildSummary } from '@/modules/reports/summary-report.ts';

/** The back office's reports (docs/back-office/reports.md): read-only, they move no money. */
export function createReportsService(
  deps: Pick<AppDeps, 'db' | 'clock' | 'games' | 'bank' | 'log'>,
) {
  const summary = (range: ReportRange): Promise<SummaryReport> =>
    buildSummary(deps.db.kysely, range, deps.clock.now());
  const reconcile = (input: ReconciliationInput): Promise<ReconciliationReport> =>
    buildReconciliation(deps, input, deps.clock.now());
  return {
    summary,
    reconcile,
    summaryCsv: async (range: ReportRange) => summaryCsv(await summary(range)),
    reconciliationCsv: async (input: ReconciliationInput) =>
      reconciliationCsv(await reconcile(input)),
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
