import { IDEMPOTENCY_HEADER } from '@mekong/contracts/constants';
import { lookupWithdraw } from '@mekong/contracts/lookup';
import {
  autoLogin,
  autoLoginWithPassword,
  walletAccount,
  walletActivate,
  walletGet,
  walletRefreshSlot,
  walletResetPassword,
  walletTransfer,
  walletTransferAll,
  walletWithdrawAll,
  type WalletResponse,
} from '@mekong/contracts/wallet';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { MEMBER_KEY } from '@/app/query-client';
import { profileQuery } from '@/features/profile/api/profile-queries';
import { readWalletCache, writeWalletCache } from '@/features/wallet/hooks/wallet-cache';
import { apiCall } from '@/lib/api-client';

export const walletKey = [MEMBER_KEY, 'wallet'] as const;

/** GET /api/wallet, painted first from the local-storage copy (spec §3) and kept there. */
export const walletQuery = queryOptions<WalletResponse>({
  queryKey: walletKey,
  queryFn: async ({ signal }) => {
    const data = await apiCall(walletGet, { signal });
    writeWalletCache(data);
    return data;
  },
  placeholderData: () => readWalletCache(),
  staleTime: 15_000,
});

/** Puts a fresh wallet answer everywhere it is shown (wallet, header name, cache). */
export function storeWallet(queryClient: QueryClient, data: WalletResponse): void {
  writeWalletCache(data);
  queryClient.setQueryData(walletKey, data);
  queryClient.setQueryData(profileQuery.queryKey, { profile: data.profile, bankAccount: data.bankAccount });
}

/** After money moved: the wallet and the statement are out of date. */
export async function afterMoneyMoved(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: walletKey }),
    queryClient.invalidateQueries({ queryKey: [MEMBER_KEY, 'statement'] }),
  ]);
}

export function refreshGameBalances() {
  return apiCall(walletRefreshSlot);
}

export function activateGame(code: string) {
  return apiCall(walletActivate, { params: { code } });
}

export const slotAccountQuery = (code: string) =>
  queryOptions({
    queryKey: [MEMBER_KEY, 'slot-account', code],
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

export function withdrawAll(amount: number, idempotencyKey: string) {
  return apiCall(walletWithdrawAll, { body: { amount }, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });
}

export const withdrawLimitsQuery = queryOptions({
  queryKey: ['lookup', 'withdraw'],
  queryFn: ({ signal }) => apiCall(lookupWithdraw, { signal }),
  staleTime: 5 * 60_000,
});
