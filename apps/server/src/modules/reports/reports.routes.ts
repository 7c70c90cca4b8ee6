import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  adminReconciliationContract,
  adminReconciliationCsvContract,
  adminReportSummaryContract,
  adminReportSummaryCsvContract,
} from '@mekong/contracts/admin/reports';
import { adminRoute } from '@/lib/admin-route.ts';
import type { ApiRouteTable } from '@/lib/contract-route.ts';
import { createReportsService } from '@/modules/reports/reports.service.ts';

/** A CSV download: UTF-8 (with its byte-order mark in the text), named for the report and its range. */
function asCsv(reply: FastifyReply, name: string, text: string): string {
  void reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}.csv"`)
    .header('cache-control', 'no-store');
  return text;
}

export function registerReportRoutes(app: FastifyInstance, table: ApiRouteTable): void {
  const reports = createReportsService(app.deps);
  adminRoute(app, table, {
    contract: adminReportSummaryContract,
    handler: ({ body }) => reports.summary(body),
  });
  adminRoute(app, table, {
    contract: adminReportSummaryCsvContract,
    handler: async ({ body, reply }) =>
      asCsv(reply, `summary-${body.from}-${body.to}`, await reports.summaryCsv(body)),
  });
  adminRoute(app, table, {
    contract: adminReconciliationContract,
    handler: ({ body }) => reports.reconcile(body),
  });
  adminRoute(app, table, {
    contract: adminReconciliationCsvContract,
    handler: async ({ body, reply }) =>
      asCsv(reply, `reconciliation-${body.from}-${body.to}`, await reports.reconciliationCsv(body)),
  });
}
