import { useQuery, type QueryKey } from '@tanstack/react-query';
import * as bonuses from '@mekong/contracts/admin/promotions';
import * as play from '@mekong/contracts/admin/promotions-play';
import * as wheel from '@mekong/contracts/admin/promotions-wheel';
import type { BodyOf, Contract } from '@mekong/contracts/contract';
import type { z } from 'zod';
import { adminFetch } from '@/lib/api-client';
import { useItemQuery, useListQuery } from '@/lib/list-query';

export type BonusFilter = BodyOf<typeof bonuses.adminBonusListContract>;

export const BONUSES_KEY = ['admin', 'promotions', 'bonuses'] as const;
export const WHEEL_KEY = ['admin', 'promotions', 'wheel'] as const;
export const RATES_KEY = ['admin', 'promotions', 'rates'] as const;

export const useBonusList = (filter: BonusFilter) =>
  useListQuery([...BONUSES_KEY, 'list'], bonuses.adminBonusListContract, filter);

export const useBonus = (code: string | null) =>
  useItemQuery(
    [...BONUSES_KEY, 'one', code],
    bonuses.adminBonusGetContract,
    code === null ? null : { code },
  );

export const createBonus = (body: bonuses.BonusCreateBody) =>
  adminFetch(bonuses.adminBonusCreateContract, { body });

export const updateBonus = (code: string, body: bonuses.BonusUpdateBody) =>
  adminFetch(bonuses.adminBonusUpdateContract, { params: { code }, body });

export const publishBonus = (code: string) =>
  adminFetch(bonuses.adminBonusPublishContract, { params: { code } });

export const retireBonus = (code: string) =>
  adminFetch(bonuses.adminBonusRetireContract, { params: { code } });

export const previewBonus = (code: string, body: bonuses.BonusPreviewBody) =>
  adminFetch(bonuses.adminBonusPreviewContract, { params: { code }, body });

/** A GET without parameters, cached under its key. */
function readQuery<TResponse extends z.ZodType>(
  queryKey: QueryKey,
  contract: Contract<undefined, TResponse, undefined>,
) {
  return {
    queryKey,
    queryFn: ({ signal }: { signal: AbortSignal }) => adminFetch(contract, { signal }),
  };
}

export const useWheel = () => useQuery(readQuery(WHEEL_KEY, wheel.adminWheelGetContract));

export const saveWheel = (body: wheel.WheelSaveBody) =>
  adminFetch(wheel.adminWheelSaveContract, { body });

export const setWheelActive = (isActive: boolean) =>
  adminFetch(isActive ? wheel.adminWheelActivateContract : wheel.adminWheelDeactivateContract);

export const saveCoinRule = (coinPriceMinor: number) =>
  adminFetch(wheel.adminCoinRuleContract, { body: { coinPriceMinor } });

export const useRates = () => useQuery(readQuery(RATES_KEY, wheel.adminRatesGetContract));

export const saveRefundRate = (body: wheel.RefundRateBody) =>
  adminFetch(wheel.adminRefundRateContract, { body });

export const saveInviteRate = (body: wheel.InviteRateBody) =>
  adminFetch(wheel.adminInviteRateContract, { body });

export const GUARDS_KEY = ['admin', 'promotions', 'guards'] as const;
export const INVITE_REVIEWS_KEY = ['admin', 'promotions', 'invite-reviews'] as const;

export const useGuards = () => useQuery(readQuery(GUARDS_KEY, play.adminGuardsGetContract));

export const saveGuards = (body: play.PromotionGuardsBody) =>
  adminFetch(play.adminGuardsSaveContract, { body });

export const useInviteReviews = (status: 'held' | 'released' | 'refused') =>
  useQuery({
    queryKey: [...INVITE_REVIEWS_KEY, status],
    queryFn: ({ signal }) =>
      adminFetch(play.adminInviteReviewsContract, { body: { status }, signal }),
  });

export const decideInvite = (input: {
  inviteeId: string;
  decision: 'release' | 'refuse';
  reason: string;
}) =>
  adminFetch(
    input.decision === 'release' ? play.adminInviteReleaseContract : play.adminInviteRefuseContract,
    { params: { id: input.inviteeId }, body: { reason: input.reason } },
  );
