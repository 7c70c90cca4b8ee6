import * as claims from '@mekong/contracts/admin/claims';
import * as queues from '@mekong/contracts/admin/queues';
import * as withdrawals from '@mekong/contracts/admin/withdrawals';
import type { BodyOf } from '@mekong/contracts/contract';
import { adminFetch } from '@/lib/api-client';
import { useItemQuery, useListQuery } from '@/lib/list-query';

export type WithdrawalFilter = BodyOf<typeof withdrawals.adminWithdrawalListContract>;
export type PayoutFilter = BodyOf<typeof withdrawals.adminPayoutListContract>;
export type MoneyOutQueue = 'withdrawals' | 'payouts';

export const WITHDRAWALS_KEY = ['admin', 'withdrawals'] as const;
export const PAYOUTS_KEY = ['admin', 'payouts'] as const;

/** Money-out queues refresh every 30 s, so claims and decisions of other operators show. */
const REFRESH_MS = 30_000;
const WITHDRAWAL_LIST = [...WITHDRAWALS_KEY, 'list'];
const PAYOUT_LIST = [...PAYOUTS_KEY, 'list'];

export const useWithdrawalList = (filter: WithdrawalFilter) =>
  useListQuery(WITHDRAWAL_LIST, withdrawals.adminWithdrawalListContract, filter, REFRESH_MS);

export const usePayoutList = (filter: PayoutFilter) =>
  useListQuery(PAYOUT_LIST, withdrawals.adminPayoutListContract, filter, REFRESH_MS);

export const useWithdrawalDetail = (id: string | null) =>
  useItemQuery(
    [...WITHDRAWALS_KEY, 'detail', id],
    withdrawals.adminWithdrawalDetailContract,
    id === null ? null : { id },
  );

/** The risk signals of one withdrawal, read when its detail opens (docs/back-office/triage.md). */
export const useWithdrawalRisk = (id: string) =>
  useItemQuery([...WITHDRAWALS_KEY, 'risk', id], queues.adminWithdrawalRiskContract, { id });

export const claimItem = (queue: MoneyOutQueue, id: string) =>
  adminFetch(claims.adminClaimMoneyOutContract, { params: { queue, id } });

export const releaseItem = (queue: MoneyOutQueue, id: string) =>
  adminFetch(claims.adminReleaseMoneyOutContract, { params: { queue, id } });

/** Approve and retry take an optional note: an empty one is not sent. */
const noteOf = (reason: string) => (reason ? { reason } : {});

/** The four decisions; approve and retry take an optional note, reject and refund a required reason. */
export const decide = {
  approve: (id: string, reason: string) =>
    adminFetch(withdrawals.adminWithdrawalApproveContract, {
      params: { id },
      body: noteOf(reason),
    }),
  reject: (id: string, reason: string) =>
    adminFetch(withdrawals.adminWithdrawalRejectContract, { params: { id }, body: { reason } }),
  retry: (id: string, reason: string) =>
    adminFetch(withdrawals.adminPayoutRetryContract, { params: { id }, body: noteOf(reason) }),
  refund: (id: string, reason: string) =>
    adminFetch(withdrawals.adminPayoutRefundContract, { params: { id }, body: { reason } }),
};
export type MoneyOutDecision = keyof typeof decide;
