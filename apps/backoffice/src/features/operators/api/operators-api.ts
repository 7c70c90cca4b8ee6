import { useQuery } from '@tanstack/react-query';
import type { Role } from '@mekong/contracts/admin/admin-contract';
import * as operators from '@mekong/contracts/admin/operators';
import { adminFetch } from '@/lib/api-client';

export const OPERATORS_KEY = ['admin', 'operators'] as const;

export function useOperators() {
  return useQuery({
    queryKey: OPERATORS_KEY,
    queryFn: () => adminFetch(operators.adminOperatorsListContract),
  });
}

export const createOperator = (body: { username: string; displayName: string; role: Role }) =>
  adminFetch(operators.adminOperatorCreateContract, { body });

export const updateOperator = (
  id: string,
  body: { displayName?: string; role?: Role; status?: 'active' | 'disabled' },
) => adminFetch(operators.adminOperatorUpdateContract, { params: { id }, body });

export const resetTwoFactor = (id: string) =>
  adminFetch(operators.adminOperatorResetTwoFactorContract, { params: { id } });

export const confirmOwner = (id: string) =>
  adminFetch(operators.adminOperatorConfirmContract, { params: { id } });

export const unlockOperator = (id: string) =>
  adminFetch(operators.adminOperatorUnlockContract, { params: { id } });

export const changeOwnPassword = (currentPassword: string, newPassword: string) =>
  adminFetch(operators.adminChangePasswordContract, { body: { currentPassword, newPassword } });
