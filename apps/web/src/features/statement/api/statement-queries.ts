import { PAGE_SIZE } from '@mekong/contracts/constants';
import type { Contract } from '@mekong/contracts/contract';
import { slipList, slipReference } from '@mekong/contracts/deposit';
import { statementList } from '@mekong/contracts/statement';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiCall } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

type PageBody = z.ZodType<unknown, { page: number; limit: number }>;

/** One page of a POST {page, limit} list (docs/spec.md §9); the previous page stays shown while the next loads. */
function pageQuery<TResponse extends z.ZodType>(key: readonly string[], contract: Contract<PageBody, TResponse, undefined>, limit: number, page: number) {
  return queryOptions({
    queryKey: [...key, page],
    queryFn: ({ signal }): Promise<z.output<TResponse>> => apiCall(contract, { body: { page, limit }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

/** POST /api/statement {page, limit: 10}. */
export const statementQuery = (page: number) => pageQuery(queryKeys.statement, statementList, PAGE_SIZE.statement, page);

/** POST /api/statement/slip {page, limit: 10}; a failure is not asked again (docs/spec.md §8 swallows it). */
export const slipListQuery = (page: number) => ({ ...pageQuery(queryKeys.slips, slipList, PAGE_SIZE.slip, page), retry: false });

export function slipReferenceUrl(reference: string) {
  return apiCall(slipReference, { params: { reference } });
}
