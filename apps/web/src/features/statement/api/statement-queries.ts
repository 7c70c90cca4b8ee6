import { PAGE_SIZE } from '@mekong/contracts/constants';
import type { Contract } from '@mekong/contracts/contract';
import { slipList, slipReference } from '@mekong/contracts/deposit';
import { statementList, type StatementFilter } from '@mekong/contracts/statement';
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

/**
 * POST /api/statement {page, limit: 10, type?}: the server filters by type (issue 9), so the total and the pages are
 * of that type. The page before stays shown while the next loads, but never across filters: rows of another type
 * under a chosen chip would read as a wrong answer.
 */
export function statementQuery(page: number, filter: StatementFilter | null) {
  const key = [...queryKeys.statement, filter ?? 'all'] as const;
  return queryOptions({
    queryKey: [...key, page],
    queryFn: ({ signal }) =>
      apiCall(statementList, { body: { page, limit: PAGE_SIZE.statement, ...(filter ? { type: filter } : {}) }, signal }),
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[key.length - 1] === key[key.length - 1] ? previous : undefined),
    staleTime: 10_000,
  });
}

/** POST /api/statement/slip {page, limit: 10}; a failure is not asked again (docs/spec.md §8 swallows it). */
export const slipListQuery = (page: number) => ({ ...pageQuery(queryKeys.slips, slipList, PAGE_SIZE.slip, page), retry: false });

export function slipReferenceUrl(reference: string) {
  return apiCall(slipReference, { params: { reference } });
}
