import type { FastifyInstance, FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { AdminContract } from '@mekong/contracts/admin/admin-contract';
import {
  adminReconciliationContract,
  adminReconciliationCsvContract,
  adminReportSummaryContract,
  adminReportSummaryCsvContract,
} from '@mekong/contracts/admin/reports';
import { adminRoute } from '@/lib/admin-route.ts';
import type { ApiRouteTable } from '@/lib/contract-route.ts';
import type { OperatorContext } from '@/modules/operators/operator-auth.service.ts';
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

  /** A report as JSON, and the same report as a CSV download named for it and its range. */
  function reportRoutes<B extends { from: string; to: string }, R>(
    name: string,
    contracts: {
      json: AdminContract<z.ZodType<B>, z.ZodType<R>>;
      csv: AdminContract<z.ZodType<B>, z.ZodString>;
    },
    make: {
      json: (body: B, operator: OperatorContext) => Promise<R>;
      csv: (body: B, operator: OperatorContext) => Promise<string>;
    },
  ): void {
    adminRoute(app, table, {
      contract: contracts.json,
      handler: ({ body, operator }) => make.json(body, operator),
    });
    adminRoute(app, table, {
      contract: contracts.csv,
      handler: async ({ body, operator, reply }) =>
        asCsv(reply, `${name}-${body.from}-${body.to}`, await make.csv(body, operator)),
    });
  }

  reportRoutes(
    'summary',
    { json: adminReportSummaryContract, csv: adminReportSummaryCsvContract },
    { json: reports.summary, csv: reports.summaryCsv },
  );
  reportRoutes(
    'reconciliation',
    { json: adminReconciliationContract, csv: adminReconciliationCsvContract },
    {
      json: (body, operator) => reports.reconcile(operator, body),
      csv: (body, operator) => reports.reconciliationCsv(operator, body),
    },
  );
}
