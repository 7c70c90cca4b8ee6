import { PAGE_SIZE } from '@mekong/contracts/constants';
import { slipList, slipReference } from '@mekong/contracts/deposit';
import { statementList } from '@mekong/contracts/statement';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/statement {page, limit: 10} (spec §9). */
export const statementQuery = (page: number) =>
  queryOptions({
    queryKey: [...queryKeys.statement, page],
    queryFn: ({ signal }) => apiCall(statementList, { body: { page, limit: PAGE_SIZE.statement }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

/** POST /api/statement/slip {page, limit: 10} (spec §9). */
export const slipListQuery = (page: number) =>
  queryOptions({
    queryKey: [...queryKeys.slips, page],
    queryFn: ({ signal }) => apiCall(slipList, { body: { page, limit: PAGE_SIZE.slip }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
    retry: false,
  });

export function slipReferenceUrl(reference: string) {
  return apiCall(slipReference, { params: { reference } });
}
