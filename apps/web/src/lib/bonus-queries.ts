import { bonusCheckActive } from '@mekong/contracts/bonus';
import { queryOptions } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * GET /api/bonus/check/active: the member's active bonus with its progress. Read by the bonus page and by the
 * withdraw modal (the withdraw cap), so it is shared here (docs/decisions/0008-web-boundaries.md).
 */
export const activeBonusQuery = queryOptions({
  queryKey: queryKeys.activeBonus,
  queryFn: ({ signal }) => apiCall(bonusCheckActive, { signal }),
  staleTime: 10_000,
});
