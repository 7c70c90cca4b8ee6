import { bonusActivate, bonusClear, bonusList, promotionActivate, promotionFind } from '@mekong/contracts/bonus';
import { queryOptions } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/bonus: the bonus cards. A failure is not asked again by itself (docs/spec.md §8); the page offers a retry. */
export const bonusListQuery = queryOptions({
  queryKey: queryKeys.bonusList,
  queryFn: ({ signal }) => apiCall(bonusList, { signal }),
  staleTime: 30_000,
  retry: false,
});

/** GET /api/promotion/find/{code}: the code is upper-cased (spec §5) and encoded into the path by the client. */
export const promotionQuery = (code: string) =>
  queryOptions({
    queryKey: queryKeys.promotion(code),
    queryFn: ({ signal }) => apiCall(promotionFind, { params: { code }, signal }),
    retry: false,
    staleTime: 0,
  });

export function activateBonus(code: string) {
  return apiCall(bonusActivate, { params: { code } });
}

export function activatePromotion(code: string) {
  return apiCall(promotionActivate, { params: { code } });
}

export function clearBonus() {
  return apiCall(bonusClear);
}
