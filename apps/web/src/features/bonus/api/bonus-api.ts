import { IDEMPOTENCY_HEADER } from '@mekong/contracts/constants';
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

/** Money calls: the Idempotency-Key lets a replay after a lost answer get the first answer. */
export function activateBonus(code: string, idempotencyKey: string) {
  return apiCall(bonusActivate, { params: { code }, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });
}

export function activatePromotion(code: string, idempotencyKey: string) {
  return apiCall(promotionActivate, { params: { code }, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });
}

export function clearBonus(idempotencyKey: string) {
  return apiCall(bonusClear, { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });
}
