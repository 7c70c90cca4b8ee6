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
