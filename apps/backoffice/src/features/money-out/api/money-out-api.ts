import { useQuery } from '@tanstack/react-query';
import {
  adminClaimMoneyOutContract,
  adminReleaseMoneyOutContract,
} from '@mekong/contracts/admin/claims';
import {
  adminPayoutListContract,
  adminPayoutRefundContract,
  adminPayoutRetryContract,
  adminWithdrawalApproveContract,
  adminWithdrawalDetailContract,
  adminWithdrawalListContract,
  adminWithdrawalRejectContract,
} from '@mekong/contracts/admin/withdrawals';
import type { BodyOf } from '@mekong/contracts/contract';
import { adminFetch } from '@/lib/api-client';

export type WithdrawalFilter = BodyOf<typeof adminWithdrawalListContract>;
export type PayoutFilter = BodyOf<typeof adminPayoutListContract>;
export type MoneyOutQueue = 'withdrawals' | 'payouts';

export const WITHDRAWALS_KEY = ['admin', 'withdrawals'] as const;
export const PAYOUTS_KEY = ['admin', 'payouts'] as const;

export function useWithdrawalList(filter: WithdrawalFilter) {
  return useQuery({
    queryKey: [...WITHDRAWALS_KEY, 'list', filter],
    queryFn: ({ signal }) => adminFetch(adminWithdrawalListContract, { body: filter, signal }),
    placeholderData: (previous) => previous,
    refetchInterval: 30_000,
  });
}

export function useWithdrawalDetail(id: string | null) {
  return useQuery({
    queryKey: [...WITHDRAWALS_KEY, 'detail', id],
    queryFn: ({ signal }) =>
      adminFetch(adminWithdrawalDetailContract, { params: { id: id ?? '' }, signal }),
    enabled: id !== null,
  });
}

export function usePayoutList(filter: PayoutFilter) {
  return useQuery({
    queryKey: [...PAYOUTS_KEY, 'list', filter],
    queryFn: ({ signal }) => adminFetch(adminPayoutListContract, { body: filter, signal }),
    placeholderData: (previous) => previous,
    refetchInterval: 30_000,
  });
}

export const claimItem = (queue: MoneyOutQueue, id: string) =>
  adminFetch(adminClaimMoneyOutContract, { params: { queue, id } });

export const releaseItem = (queue: MoneyOutQueue, id: string) =>
  adminFetch(adminReleaseMoneyOutContract, { params: { queue, id } });

export const approveWithdrawal = (id: string, reason: string) =>
  adminFetch(adminWithdrawalApproveContract, {
    params: { id },
    body: reason ? { reason } : {},
  });

export const rejectWithdrawal = (id: string, reason: string) =>
  adminFetch(adminWithdrawalRejectContract, { params: { id }, body: { reason } });

export const retryPayout = (id: string, reason: string) =>
  adminFetch(adminPayoutRetryContract, { params: { id }, body: reason ? { reason } : {} });

export const refundPayout = (id: string, reason: string) =>
  adminFetch(adminPayoutRefundContract, { params: { id }, body: { reason } });
