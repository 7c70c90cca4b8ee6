import { useQuery } from '@tanstack/react-query';
import {
  adminBonusCreateContract,
  adminBonusGetContract,
  adminBonusListContract,
  adminBonusPreviewContract,
  adminBonusPublishContract,
  adminBonusRetireContract,
  adminBonusUpdateContract,
  type BonusCreateBody,
  type BonusPreviewBody,
  type BonusUpdateBody,
} from '@mekong/contracts/admin/promotions';
import {
  adminCoinRuleContract,
  adminInviteRateContract,
  adminRatesGetContract,
  adminRefundRateContract,
  adminWheelActivateContract,
  adminWheelDeactivateContract,
  adminWheelGetContract,
  adminWheelSaveContract,
  type InviteRateBody,
  type RefundRateBody,
  type WheelSaveBody,
} from '@mekong/contracts/admin/promotions-wheel';
import type { BodyOf } from '@mekong/contracts/contract';
import { adminFetch } from '@/lib/api-client';

export type BonusFilter = BodyOf<typeof adminBonusListContract>;

export const BONUSES_KEY = ['admin', 'promotions', 'bonuses'] as const;
export const WHEEL_KEY = ['admin', 'promotions', 'wheel'] as const;
export const RATES_KEY = ['admin', 'promotions', 'rates'] as const;

export function useBonusList(filter: BonusFilter) {
  return useQuery({
    queryKey: [...BONUSES_KEY, 'list', filter],
    queryFn: ({ signal }) => adminFetch(adminBonusListContract, { body: filter, signal }),
    placeholderData: (previous) => previous,
  });
}

export function useBonus(code: string | null) {
  return useQuery({
    queryKey: [...BONUSES_KEY, 'one', code],
    queryFn: ({ signal }) =>
      adminFetch(adminBonusGetContract, { params: { code: code ?? '' }, signal }),
    enabled: code !== null,
  });
}

export const createBonus = (body: BonusCreateBody) =>
  adminFetch(adminBonusCreateContract, { body });

export const updateBonus = (code: string, body: BonusUpdateBody) =>
  adminFetch(adminBonusUpdateContract, { params: { code }, body });

export const publishBonus = (code: string) =>
  adminFetch(adminBonusPublishContract, { params: { code } });

export const retireBonus = (code: string) =>
  adminFetch(adminBonusRetireContract, { params: { code } });

export const previewBonus = (code: string, body: BonusPreviewBody) =>
  adminFetch(adminBonusPreviewContract, { params: { code }, body });

export function useWheel() {
  return useQuery({
    queryKey: WHEEL_KEY,
    queryFn: ({ signal }) => adminFetch(adminWheelGetContract, { signal }),
  });
}

export const saveWheel = (body: WheelSaveBody) => adminFetch(adminWheelSaveContract, { body });

export const setWheelActive = (isActive: boolean) =>
  adminFetch(isActive ? adminWheelActivateContract : adminWheelDeactivateContract);

export const saveCoinRule = (coinPriceMinor: number) =>
  adminFetch(adminCoinRuleContract, { body: { coinPriceMinor } });

export function useRates() {
  return useQuery({
    queryKey: RATES_KEY,
    queryFn: ({ signal }) => adminFetch(adminRatesGetContract, { signal }),
  });
}

export const saveRefundRate = (body: RefundRateBody) =>
  adminFetch(adminRefundRateContract, { body });

export const saveInviteRate = (body: InviteRateBody) =>
  adminFetch(adminInviteRateContract, { body });
