import { PAGE_SIZE } from '@mekong/contracts/constants';
import { inviteBanners, inviteBonus, inviteList } from '@mekong/contracts/invite';
import { bannersQuery, livePageQuery, promotionMoneyCall } from '@/lib/promo-api';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/invite: one page of invitees (10, docs/spec.md §9) with the figures above the table. */
export const invitePageQuery = (page: number) => livePageQuery(queryKeys.invitePage(page), inviteList, PAGE_SIZE.invite, page);

export const inviteBannersQuery = bannersQuery(queryKeys.inviteBanners, inviteBanners);

/** GET /api/invite/bonus: collects the accrued commission into cash; then the invite figures are read again too. */
export const collectInviteBonus = promotionMoneyCall('invite-collect', inviteBonus, queryKeys.invite);
