import { IDEMPOTENCY_HEADER, PAGE_SIZE } from '@mekong/contracts/constants';
import { inviteBanners, inviteBonus, inviteList } from '@mekong/contracts/invite';
import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { afterMoneyMoved } from '@/lib/member-queries';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/invite: one page of invitees (10, docs/spec.md §9) with the figures above the table. */
export const invitePageQuery = (page: number) =>
  queryOptions({
    queryKey: queryKeys.invitePage(page),
    // Read again each time the modal opens: the server changes these on its own (deposits, accruals, weeks).
    staleTime: 0,
    queryFn: ({ signal }) => apiCall(inviteList, { body: { page, limit: PAGE_SIZE.invite }, signal }),
    placeholderData: keepPreviousData,
  });

export const inviteBannersQuery = queryOptions({
  queryKey: queryKeys.inviteBanners,
  queryFn: ({ signal }) => apiCall(inviteBanners, { signal }),
  staleTime: 5 * 60_000,
});

/** GET /api/invite/bonus: collects the accrued commission into cash. */
export function collectInviteBonus(_vars: undefined, idempotencyKey: string) {
  return apiCall(inviteBonus, { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });
}

/** After a collect: the wallet, the statement and the invite figures are out of date. */
export async function afterInviteCollect(queryClient: QueryClient): Promise<void> {
  await Promise.all([afterMoneyMoved(queryClient), queryClient.invalidateQueries({ queryKey: queryKeys.invite })]);
}
