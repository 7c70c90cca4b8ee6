import { useQuery } from '@tanstack/react-query';
import { adminAuditListContract, adminAuditVerifyContract } from '@mekong/contracts/admin/audit';
import type { BodyOf } from '@mekong/contracts/contract';
import { adminFetch } from '@/lib/api-client';
import { useListQuery } from '@/lib/list-query';

export type AuditFilter = BodyOf<typeof adminAuditListContract>;

export const useAuditList = (filter: AuditFilter) =>
  useListQuery(['admin', 'audit'], adminAuditListContract, filter);

export function useAuditVerify(isEnabled: boolean) {
  return useQuery({
    queryKey: ['admin', 'audit', 'verify'],
    queryFn: () => adminFetch(adminAuditVerifyContract),
    enabled: isEnabled,
    staleTime: 0,
  });
}
