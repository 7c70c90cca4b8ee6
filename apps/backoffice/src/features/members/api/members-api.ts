import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BodyOf } from '@mekong/contracts/contract';
import {
  adminMemberAdjustmentsContract,
  adminMemberDetailContract,
  adminMemberGamesContract,
  adminMemberInviteesContract,
  adminMemberLedgerContract,
  adminMemberSearchContract,
  adminMemberSlipsContract,
  adminMemberWithdrawalsContract,
  adminPendingAdjustmentsContract,
} from '@mekong/contracts/admin/members';
import { adminFetch } from '@/lib/api-client';

export type MemberSearch = BodyOf<typeof adminMemberSearchContract>;
export type LedgerQuery = BodyOf<typeof adminMemberLedgerContract>;
type Page = { page: number; limit: number };

/** Every query of one member starts with this key, so an action refreshes the whole page. */
export const memberKey = (id: string) => ['admin', 'members', id] as const;
export const PENDING_ADJUSTMENTS_KEY = ['admin', 'adjustments', 'pending'] as const;

export function useMemberSearch(search: MemberSearch | null) {
  return useQuery({
    queryKey: ['admin', 'members', 'search', search],
    queryFn: ({ signal }) => adminFetch(adminMemberSearchContract, { body: search!, signal }),
    enabled: search !== null,
    placeholderData: keepPreviousData,
  });
}

export function useMemberDetail(id: string) {
  return useQuery({
    queryKey: [...memberKey(id), 'detail'],
    queryFn: ({ signal }) => adminFetch(adminMemberDetailContract, { params: { id }, signal }),
  });
}

/** Asks every provider for the live balance: only when the tab is open, never retried on its own. */
export function useMemberGames(id: string) {
  return useQuery({
    queryKey: [...memberKey(id), 'games'],
    queryFn: ({ signal }) => adminFetch(adminMemberGamesContract, { params: { id }, signal }),
    staleTime: 0,
    retry: false,
  });
}

export function useMemberLedger(id: string, query: LedgerQuery) {
  return useQuery({
    queryKey: [...memberKey(id), 'ledger', query],
    queryFn: ({ signal }) =>
      adminFetch(adminMemberLedgerContract, { params: { id }, body: query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The paged lists of the member page that take only a page. */
const pagedLists = {
  slips: adminMemberSlipsContract,
  invitees: adminMemberInviteesContract,
  withdrawals: adminMemberWithdrawalsContract,
  adjustments: adminMemberAdjustmentsContract,
} as const;

export function useMemberSlips(id: string, page: Page) {
  return useQuery({
    queryKey: [...memberKey(id), 'slips', page],
    queryFn: ({ signal }) => adminFetch(pagedLists.slips, { params: { id }, body: page, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useMemberInvitees(id: string, page: Page) {
  return useQuery({
    queryKey: [...memberKey(id), 'invitees', page],
    queryFn: ({ signal }) =>
      adminFetch(pagedLists.invitees, { params: { id }, body: page, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useMemberWithdrawals(id: string, page: Page) {
  return useQuery({
    queryKey: [...memberKey(id), 'withdrawals', page],
    queryFn: ({ signal }) =>
      adminFetch(pagedLists.withdrawals, { params: { id }, body: page, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useMemberAdjustments(id: string, page: Page) {
  return useQuery({
    queryKey: [...memberKey(id), 'adjustments', page],
    queryFn: ({ signal }) =>
      adminFetch(pagedLists.adjustments, { params: { id }, body: page, signal }),
    placeholderData: keepPreviousData,
  });
}

export function usePendingAdjustments(page: Page, isEnabled: boolean) {
  return useQuery({
    queryKey: [...PENDING_ADJUSTMENTS_KEY, page],
    queryFn: ({ signal }) => adminFetch(adminPendingAdjustmentsContract, { body: page, signal }),
    enabled: isEnabled,
    placeholderData: keepPreviousData,
  });
}
