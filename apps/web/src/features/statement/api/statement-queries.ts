import { PAGE_SIZE } from '@mekong/contracts/constants';
import { statementList } from '@mekong/contracts/statement';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { MEMBER_KEY } from '@/app/query-client';
import { apiCall } from '@/lib/api-client';

/** POST /api/statement {page, limit: 10} (spec §9). */
export const statementQuery = (page: number) =>
  queryOptions({
    queryKey: [MEMBER_KEY, 'statement', page],
    queryFn: ({ signal }) => apiCall(statementList, { body: { page, limit: PAGE_SIZE.statement }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
