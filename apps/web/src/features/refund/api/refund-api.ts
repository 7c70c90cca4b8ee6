import { IDEMPOTENCY_HEADER, PAGE_SIZE } from '@mekong/contracts/constants';
import { refundBanners, refundCheck, refundLog, refundReceive } from '@mekong/contracts/refund';
import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { afterMoneyMoved } from '@/lib/member-queries';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/refund/check: last finished week's net loss and what can be received for it. */
export const refundCheckQuery = queryOptions({
  queryKey: queryKeys.refundCheck,
  // Read again each time the modal opens: the server changes these on its own (deposits, accruals, weeks).
  staleTime: 0,
  queryFn: ({ signal }) => apiCall(refundCheck, { signal }),
});

/** POST /api/refund: one page of received refunds (10, docs/spec.md §9). */
export const refundLogQuery = (page: number) =>
  queryOptions({
    queryKey: queryKeys.refundLog(page),
    // Read again each time the modal opens: the server changes these on its own (deposits, accruals, weeks).
    staleTime: 0,
    queryFn: ({ signal }) => apiCall(refundLog, { body: { page, limit: PAGE_SIZE.refund }, signal }),
    placeholderData: keepPreviousData,
  });

export const refundBannersQuery = queryOptions({
  queryKey: queryKeys.refundBanners,
  queryFn: ({ signal }) => apiCall(refundBanners, { signal }),
  staleTime: 5 * 60_000,
});

/** GET /api/refund/receive: last week's refund into cash, once. */
export function receiveRefund(_vars: undefined, idempotencyKey: string) {
  return apiCall(refundReceive, { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });
}

export async function afterRefundReceived(queryClient: QueryClient): Promise<void> {
  await Promise.all([afterMoneyMoved(queryClient), queryClient.invalidateQueries({ queryKey: queryKeys.refund })]);
}
