import { useQuery } from '@tanstack/react-query';
import { adminAuditListContract, adminAuditVerifyContract } from '@mekong/contracts/admin/audit';
import type { BodyOf } from '@mekong/contracts/contract';
import { adminFetch } from '@/lib/api-client';

export type AuditFilter = BodyOf<typeof adminAuditListContract>;

export function useAuditList(filter: AuditFilter) {
  return useQuery({
    queryKey: ['admin', 'audit', filter],
    queryFn: ({ signal }) => adminFetch(adminAuditListContract, { body: filter, signal }),
    placeholderData: (previous) => previous,
  });
}

export function useAuditVerify(isEnabled: boolean) {
  return useQuery({
    queryKey: ['admin', 'audit', 'verify'],
    queryFn: () => adminFetch(adminAuditVerifyContract),
    enabled: isEnabled,
    staleTime: 0,
  });
}
