import { useQuery } from '@tanstack/react-query';
import { adminMeContract } from '@mekong/contracts/admin/auth';
import type { Permission } from '@mekong/contracts/admin/admin-contract';
import { adminFetch } from '@/lib/api-client';
import { getToken } from '@/lib/session';

export const OPERATOR_QUERY_KEY = ['admin', 'me'] as const;

/** The signed-in operator (name, role, permissions), shared by the shell and every feature. */
export function useOperator() {
  return useQuery({
    queryKey: OPERATOR_QUERY_KEY,
    queryFn: () => adminFetch(adminMeContract),
    enabled: getToken() !== null,
    staleTime: 60_000,
    retry: false,
  });
}

/** Whether the signed-in operator may do `permission` (buttons they may not use are not shown). */
export function useCan(permission: Permission): boolean {
  const { data } = useOperator();
  return data?.operator.permissions.includes(permission) ?? false;
}
