import { IDEMPOTENCY_HEADER } from '@mekong/contracts/constants';
import {
  autoLogin,
  autoLoginWithPassword,
  walletAccount,
  walletActivate,
  walletRefreshSlot,
  walletResetPassword,
  walletTransfer,
  walletTransferAll,
  walletWithdrawAll,
} from '@mekong/contracts/wallet';
import { queryOptions } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function refreshGameBalances() {
  return apiCall(walletRefreshSlot);
}

export function activateGame(code: string) {
  return apiCall(walletActivate, { params: { code } });
}

export const slotAccountQuery = (code: string) =>
  queryOptions({
    queryKey: queryKeys.slotAccount(code),
    queryFn: ({ signal }) => apiCall(walletAccount, { params: { code }, signal }),
    staleTime: 5 * 60_000,
  });

export function resetGamePassword(code: string) {
  return apiCall(walletResetPassword, { params: { code } });
}

export function autoLoginLink(provider: string, username: string, password?: string) {
  return password
    ? apiCall(autoLoginWithPassword, { params: { provider, username, password } })
    : apiCall(autoLogin, { params: { provider, username } });
}

export function transfer(body: { from: string; to: string; amount: number }, idempotencyKey: string) {
  return apiCall(walletTransfer, { body, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });
}

export function transferAllToWallet(idempotencyKey: string) {
  return apiCall(walletTransferAll, { body: { to: 'wallet' }, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });
}

export function withdrawAll(body: { amount: number }, idempotencyKey: string) {
  return apiCall(walletWithdrawAll, { body, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });
}
