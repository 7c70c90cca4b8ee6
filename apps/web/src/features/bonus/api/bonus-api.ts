import { bonusActivate, bonusClear, bonusClearPreview, bonusList, bonusPreview, promotionActivate, promotionFind, promotionPreview } from '@mekong/contracts/bonus';
import { IDEMPOTENCY_HEADER } from '@mekong/contracts/constants';
import { queryOptions } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { loadWalletContracts } from '@/lib/load-contracts';
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

/**
 * GET /api/bonus/preview/{code} (issue 28): what receiving the bonus now gives and locks, by the server's own
 * activation checks; a refusal (no deposit, …) is the activation's error, not asked again by itself.
 */
export const bonusPreviewQuery = (code: string, kind: 'bonus' | 'promotion' = 'bonus') =>
  queryOptions({
    queryKey: [...queryKeys.bonusPreview(code), kind],
    queryFn: ({ signal }) => apiCall(kind === 'bonus' ? bonusPreview : promotionPreview, { params: { code }, signal }),
    retry: false,
    staleTime: 0,
  });

/** GET /api/bonus/clear/preview (issue 28): what a cancel now forfeits, per game and wallet. */
export const clearPreviewQuery = queryOptions({
  queryKey: queryKeys.bonusClearPreview,
  queryFn: ({ signal }) => apiCall(bonusClearPreview, { signal }),
  retry: false,
  staleTime: 0,
});

/** Every game's money back to the main wallet (POST /api/wallet/transferAll, the transfer sheet's one-tap call). */
export async function bringGamesBack(idempotencyKey: string) {
  return apiCall((await loadWalletContracts()).walletTransferAll, {
    body: { to: 'wallet' },
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  });
}
