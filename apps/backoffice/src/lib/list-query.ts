import { useQuery, type QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Contract } from '@mekong/contracts/contract';
import { adminFetch, type CallOptions } from '@/lib/api-client';

/**
 * A filtered list read (a POST of the filter): the page shown stays while the next one loads; a work queue also
 * refreshes itself every `refetchInterval` ms, so claims by other operators appear.
 */
export function useListQuery<TBody extends z.ZodType, TResponse extends z.ZodType>(
  key: QueryKey,
  contract: Contract<TBody, TResponse, z.ZodType | undefined>,
  body: NonNullable<CallOptions<TBody>['body']>,
  refetchInterval?: number,
) {
  return useQuery({
    queryKey: [...key, body],
    queryFn: ({ signal }) => adminFetch(contract, { body, signal }),
    placeholderData: (previous) => previous,
    refetchInterval,
  });
}

/** One item's read by its path parameters; nothing is asked while no item is chosen (`params` null). */
export function useItemQuery<TResponse extends z.ZodType>(
  queryKey: QueryKey,
  contract: Contract<undefined, TResponse, z.ZodType | undefined>,
  params: Record<string, string> | null,
) {
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => adminFetch(contract, { params: params ?? {}, signal }),
    enabled: params !== null,
  });
}
