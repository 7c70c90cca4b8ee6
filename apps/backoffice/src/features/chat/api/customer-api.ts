import { useQuery } from '@tanstack/react-query';
import {
  adminMemberDetailContract,
  adminMemberLedgerContract,
  adminMemberSlipsContract,
  adminMemberWithdrawalsContract,
} from '@mekong/contracts/admin/members';
import { adminFetch } from '@/lib/api-client';

/** The customer panel reads the member calls the member page uses (same keys, so one refresh serves both). */
const memberKey = (id: string) => ['admin', 'members', id] as const;
const RECENT = { page: 1, limit: 5 };

export function useCustomerDetail(id: string) {
  return useQuery({
    queryKey: [...memberKey(id), 'detail'],
    queryFn: ({ signal }) => adminFetch(adminMemberDetailContract, { params: { id }, signal }),
  });
}

export function useCustomerDeposits(id: string) {
  const body = { view: 'deposit' as const, ...RECENT };
  return useQuery({
    queryKey: [...memberKey(id), 'ledger', body],
    queryFn: ({ signal }) =>
      adminFetch(adminMemberLedgerContract, { params: { id }, body, signal }),
  });
}

export function useCustomerWithdrawals(id: string) {
  return useQuery({
    queryKey: [...memberKey(id), 'withdrawals', RECENT],
    queryFn: ({ signal }) =>
      adminFetch(adminMemberWithdrawalsContract, { params: { id }, body: RECENT, signal }),
  });
}

export function useCustomerSlips(id: string) {
  return useQuery({
    queryKey: [...memberKey(id), 'slips', RECENT],
    queryFn: ({ signal }) =>
      adminFetch(adminMemberSlipsContract, { params: { id }, body: RECENT, signal }),
  });
}
