import { useQuery } from '@tanstack/react-query';
import {
  adminReconciliationContract,
  adminReconciliationCsvContract,
  adminReportSummaryContract,
  adminReportSummaryCsvContract,
  type ReconciliationRequest,
  type ReportRange,
} from '@mekong/contracts/admin/reports';
import { adminDownload, adminFetch, saveBlob } from '@/lib/api-client';

export function useSummary(range: ReportRange) {
  return useQuery({
    queryKey: ['admin', 'reports', 'summary', range],
    queryFn: ({ signal }) => adminFetch(adminReportSummaryContract, { body: range, signal }),
    placeholderData: (previous) => previous,
  });
}

/** One run the operator asked for; `run` counts the asks, so asking again with the same dates runs again. */
export type ReconciliationRun = { body: ReconciliationRequest; run: number };

/** Runs only when asked (`request` set): it calls every provider and the bank. */
export function useReconciliation(request: ReconciliationRun | null) {
  return useQuery({
    queryKey: ['admin', 'reports', 'reconciliation', request],
    queryFn: ({ signal }) =>
      adminFetch(adminReconciliationContract, { body: request?.body, signal }),
    enabled: request !== null,
    staleTime: 0,
    gcTime: 0,
  });
}

export async function downloadSummaryCsv(range: ReportRange): Promise<void> {
  const blob = await adminDownload(adminReportSummaryCsvContract.path, {
    method: 'POST',
    body: range,
  });
  saveBlob(blob, `summary-${range.from}-${range.to}.csv`);
}

export async function downloadReconciliationCsv(request: ReconciliationRequest): Promise<void> {
  const blob = await adminDownload(adminReconciliationCsvContract.path, {
    method: 'POST',
    body: request,
  });
  saveBlob(blob, `reconciliation-${request.from}-${request.to}.csv`);
}
