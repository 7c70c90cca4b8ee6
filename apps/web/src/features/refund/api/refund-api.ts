import { PAGE_SIZE } from '@mekong/contracts/constants';
import { refundBanners, refundCheck, refundLog, refundReceive } from '@mekong/contracts/refund';
import { bannersQuery, liveQuery, livePageQuery, promotionMoneyCall } from '@/lib/promo-api';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/refund/check: last finished week's net loss and what can be received for it. */
export const refundCheckQuery = liveQuery(queryKeys.refundCheck, refundCheck);

/** POST /api/refund: one page of received refunds (10, docs/spec.md §9). */
export const refundLogQuery = (page: number) => livePageQuery(queryKeys.refundLog(page), refundLog, PAGE_SIZE.refund, page);

export const refundBannersQuery = bannersQuery(queryKeys.refundBanners, refundBanners);

/** GET /api/refund/receive: last week's refund into cash, once; then the refund figures are read again too. */
export const receiveRefund = promotionMoneyCall('refund-receive', refundReceive, queryKeys.refund);
