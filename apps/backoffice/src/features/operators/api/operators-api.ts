import { useQuery } from '@tanstack/react-query';
import type { Role } from '@mekong/contracts/admin/admin-contract';
import {
  adminChangePasswordContract,
  adminOperatorCreateContract,
  adminOperatorResetTwoFactorContract,
  adminOperatorUnlockContract,
  adminOperatorUpdateContract,
  adminOperatorsListContract,
} from '@mekong/contracts/admin/operators';
import { adminFetch } from '@/lib/api-client';

export const OPERATORS_KEY = ['admin', 'operators'] as const;

export function useOperators() {
  return useQuery({
    queryKey: OPERATORS_KEY,
    queryFn: () => adminFetch(adminOperatorsListContract),
  });
}

export const createOperator = (body: { username: string; displayName: string; role: Role }) =>
  adminFetch(adminOperatorCreateContract, { body });

export const updateOperator = (
  id: string,
  body: { displayName?: string; role?: Role; status?: 'active' | 'disabled' },
) => adminFetch(adminOperatorUpdateContract, { params: { id }, body });

export const resetTwoFactor = (id: string) =>
  adminFetch(adminOperatorResetTwoFactorContract, { params: { id } });

export const unlockOperator = (id: string) =>
  adminFetch(adminOperatorUnlockContract, { params: { id } });

export const changeOwnPassword = (currentPassword: string, newPassword: string) =>
  adminFetch(adminChangePasswordContract, { body: { currentPassword, newPassword } });
