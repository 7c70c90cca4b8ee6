import { PAGE_SIZE } from '@mekong/contracts/constants';
import { inviteBanners, inviteBonus, inviteList } from '@mekong/contracts/invite';
import type { QueryClient } from '@tanstack/react-query';
import { afterPromotionMoney, bannersQuery, livePageQuery, moneyGet } from '@/lib/promo-api';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/invite: one page of invitees (10, docs/spec.md §9) with the figures above the table. */
export const invitePageQuery = (page: number) =>
  livePageQuery(queryKeys.invitePage(page), inviteList, PAGE_SIZE.invite, page);

export const inviteBannersQuery = bannersQuery(queryKeys.inviteBanners, inviteBanners);

/** GET /api/invite/bonus: collects the accrued commission into cash. */
export function collectInviteBonus(_vars: undefined, idempotencyKey: string) {
  return moneyGet(inviteBonus, idempotencyKey);
}

/** After a collect: the wallet, the statement and the invite figures are out of date. */
export function afterInviteCollect(queryClient: QueryClient): Promise<void> {
  return afterPromotionMoney(queryClient, queryKeys.invite);
}
