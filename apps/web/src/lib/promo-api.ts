import { IDEMPOTENCY_HEADER } from '@mekong/contracts/constants';
import type { Contract } from '@mekong/contracts/contract';
import {
  keepPreviousData,
  queryOptions,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import type { z } from 'zod';
import { apiCall } from '@/lib/api-client';
import { afterMoneyMoved } from '@/lib/member-queries';

/**
 * The calls the promotion screens (invite, refund, prize wheel) share. The server changes their figures on its own
 * (deposits, accruals, weeks), so they are read again each time a modal opens (staleTime 0).
 */

type PageBody = z.ZodType<unknown, { page: number; limit: number }>;

/** A GET read again each time its modal opens. */
export function liveQuery<TResponse extends z.ZodType>(
  queryKey: QueryKey,
  contract: Contract<undefined, TResponse, undefined>,
) {
  return queryOptions({
    queryKey,
    staleTime: 0,
    queryFn: ({ signal }): Promise<z.output<TResponse>> => apiCall(contract, { signal }),
  });
}

/** One page of a POST {page, limit} list (docs/spec.md §9), read again each time; the page before stays shown meanwhile. */
export function livePageQuery<TResponse extends z.ZodType>(
  queryKey: QueryKey,
  contract: Contract<PageBody, TResponse, undefined>,
  limit: number,
  page: number,
) {
  return queryOptions({
    queryKey,
    staleTime: 0,
    queryFn: ({ signal }): Promise<z.output<TResponse>> =>
      apiCall(contract, { body: { page, limit }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** A promotion screen's banners: they change rarely. */
export function bannersQuery<TResponse extends z.ZodType>(
  queryKey: QueryKey,
  contract: Contract<undefined, TResponse, undefined>,
) {
  return queryOptions({
    queryKey,
    queryFn: ({ signal }): Promise<z.output<TResponse>> => apiCall(contract, { signal }),
    staleTime: 5 * 60_000,
  });
}

/**
 * A GET that moves money from a promotion, as useMoneyMutation takes it: no body, so every tap is the same submission
 * (JSON of undefined is no string to key on); afterwards the wallet, the statement and that promotion's figures are
 * read again.
 */
export function promotionMoneyCall<TResponse extends z.ZodType>(
  scope: string,
  contract: Contract<undefined, TResponse, undefined>,
  promotionKey: QueryKey,
) {
  return {
    scope,
    fingerprint: () => scope,
    send: (_vars: undefined, idempotencyKey: string) =>
      apiCall(contract, { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } }),
    refresh: async (queryClient: QueryClient): Promise<void> => {
      await Promise.all([
        afterMoneyMoved(queryClient),
        queryClient.invalidateQueries({ queryKey: promotionKey }),
      ]);
    },
  };
}
