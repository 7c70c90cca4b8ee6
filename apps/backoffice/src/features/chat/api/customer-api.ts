import { useQuery } from '@tanstack/react-query';
import {
  adminMemberDetailContract,
  adminMemberLedgerContract,
  adminMemberSearchContract,
  adminMemberSlipsContract,
  adminMemberWithdrawalsContract,
} from '@mekong/contracts/admin/members';
import { adminFetch } from '@/lib/api-client';

/** The customer panel reads the member calls the member page uses (same keys, so one refresh serves both). */
const memberKey = (id: string) => ['admin', 'members', id] as const;
const RECENT = { page: 1, limit: 5 };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a conversation names the member by the internal id the member calls take (else by the public id). */
export function isInternalId(ref: string): boolean {
  return UUID.test(ref);
}

/** The internal id of a member known by the public id (the member search), or null when nobody has it. */
export function useInternalId(publicId: string) {
  return useQuery({
    queryKey: ['admin', 'members', 'search', { query: publicId, field: 'publicId' }],
    queryFn: ({ signal }) =>
      adminFetch(adminMemberSearchContract, {
        body: { query: publicId, field: 'publicId', page: 1, limit: 1 },
        signal,
      }),
    select: (data) => data.rows[0]?.id ?? null,
  });
}

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
