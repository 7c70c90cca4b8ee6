import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BodyOf, Contract } from '@mekong/contracts/contract';
import * as members from '@mekong/contracts/admin/members';
import type { z } from 'zod';
import { adminFetch } from '@/lib/api-client';

export type MemberSearch = BodyOf<typeof members.adminMemberSearchContract>;
export type LedgerQuery = BodyOf<typeof members.adminMemberLedgerContract>;
type Page = { page: number; limit: number };

/** Every query of one member starts with this key, so an action refreshes the whole page. */
export const memberKey = (id: string) => ['admin', 'members', id] as const;
export const PENDING_ADJUSTMENTS_KEY = ['admin', 'adjustments', 'pending'] as const;

export function useMemberSearch(search: MemberSearch | null) {
  return useQuery({
    queryKey: ['admin', 'members', 'search', search],
    queryFn: ({ signal }) =>
      adminFetch(members.adminMemberSearchContract, { body: search!, signal }),
    enabled: search !== null,
    placeholderData: keepPreviousData,
  });
}

export function useMemberDetail(id: string) {
  return useQuery({
    queryKey: [...memberKey(id), 'detail'],
    queryFn: ({ signal }) =>
      adminFetch(members.adminMemberDetailContract, { params: { id }, signal }),
  });
}

/** Asks every provider for the live balance: only when the tab is open, never retried on its own. */
export function useMemberGames(id: string) {
  return useQuery({
    queryKey: [...memberKey(id), 'games'],
    queryFn: ({ signal }) =>
      adminFetch(members.adminMemberGamesContract, { params: { id }, signal }),
    staleTime: 0,
    retry: false,
  });
}

export function useMemberLedger(id: string, query: LedgerQuery) {
  return useQuery({
    queryKey: [...memberKey(id), 'ledger', query],
    queryFn: ({ signal }) =>
      adminFetch(members.adminMemberLedgerContract, { params: { id }, body: query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The query of a paged list of the member page that takes only a page, under the member's key. */
function memberListHook<TResponse extends z.ZodType>(
  list: string,
  contract: Contract<z.ZodType, TResponse, z.ZodType>,
) {
  return function useMemberList(id: string, page: Page) {
    return useQuery({
      queryKey: [...memberKey(id), list, page],
      queryFn: ({ signal }) => adminFetch(contract, { params: { id }, body: page, signal }),
      placeholderData: keepPreviousData,
    });
  };
}

export const useMemberSlips = memberListHook('slips', members.adminMemberSlipsContract);
export const useMemberInvitees = memberListHook('invitees', members.adminMemberInviteesContract);
export const useMemberWithdrawals = memberListHook(
  'withdrawals',
  members.adminMemberWithdrawalsContract,
);
export const useMemberAdjustments = memberListHook(
  'adjustments',
  members.adminMemberAdjustmentsContract,
);

export function usePendingAdjustments(page: Page, isEnabled: boolean) {
  return useQuery({
    queryKey: [...PENDING_ADJUSTMENTS_KEY, page],
    queryFn: ({ signal }) =>
      adminFetch(members.adminPendingAdjustmentsContract, { body: page, signal }),
    enabled: isEnabled,
    placeholderData: keepPreviousData,
  });
}
