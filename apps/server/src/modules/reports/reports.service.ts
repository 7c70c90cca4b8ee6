import type {
  ReconciliationReport,
  ReportRange,
  SummaryReport,
} from '@mekong/contracts/admin/reports';
import type { AppDeps } from '@/app-deps.ts';
import { recordAudit } from '@/modules/audit/audit.service.ts';
import { accountNoFor } from '@/modules/members/account-mask.ts';
import { actorOf, type OperatorContext } from '@/modules/operators/operator-auth.service.ts';
import { reconciliationCsv, summaryCsv } from '@/modules/reports/report-csv.ts';
import { buildReconciliation, type ReconciliationInput } from '@/modules/reports/reconciliation.ts';
import { buildSummary } from '@/modules/reports/summary-report.ts';

/** The back office's reports (docs/back-office/reports.md): read-only, they move no money. */
export function createReportsService(
  deps: Pick<AppDeps, 'db' | 'clock' | 'games' | 'bank' | 'log'>,
) {
  const summary = (range: ReportRange): Promise<SummaryReport> =>
    buildSummary(deps.db.kysely, range, deps.clock.now());

  /**
   * The reconciliation lists members (their ids and bank account numbers): a bulk read of member data, audited once
   * per call with the request and the number of rows, never the rows (docs/back-office/audit.md#bulk-reads).
   */
  async function reconcile(
    operator: OperatorContext,
    input: ReconciliationInput,
    format: 'json' | 'csv' = 'json',
  ): Promise<ReconciliationReport> {
    const report = await buildReconciliation(deps, input, deps.clock.now(), accountNoFor(operator));
    await deps.db.withTransaction((trx) =>
      recordAudit(
        trx,
        actorOf(operator),
        {
          action: format === 'csv' ? 'report.exported' : 'report.viewed',
          targetType: 'report',
          targetId: 'reconciliation',
          after: {
            report: 'reconciliation',
            format,
            from: input.from,
            to: input.to,
            limit: input.limit,
            cursors: input.cursors,
            rows: report.differences.length,
          },
        },
        deps.clock.now(),
      ),
    );
    return report;
  }

  return {
    summary,
    reconcile,
    summaryCsv: async (range: ReportRange) => summaryCsv(await summary(range)),
    reconciliationCsv: async (operator: OperatorContext, input: ReconciliationInput) =>
      reconciliationCsv(await reconcile(operator, input, 'csv')),
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
