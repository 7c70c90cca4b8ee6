import { IDEMPOTENCY_HEADER } from '@mekong/contracts/constants';
import { queryOptions } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { loadWalletContracts } from '@/lib/load-contracts';
import { queryKeys } from '@/lib/query-keys';

export async function refreshGameBalances() {
  return apiCall((await loadWalletContracts()).walletRefreshSlot);
}

/** GET /api/wallet/refresh/slot/:code: that one game balance asked of its provider; the answer is the whole wallet. */
export async function refreshGameBalance(code: string) {
  return apiCall((await loadWalletContracts()).walletRefreshSlotOne, { params: { code } });
}

export async function activateGame(code: string) {
  return apiCall((await loadWalletContracts()).walletActivate, { params: { code } });
}

export const slotAccountQuery = (code: string) =>
  queryOptions({
    queryKey: queryKeys.slotAccount(code),
    queryFn: async ({ signal }) =>
      apiCall((await loadWalletContracts()).walletAccount, { params: { code }, signal }),
    staleTime: 5 * 60_000,
  });

export async function resetGamePassword(code: string) {
  return apiCall((await loadWalletContracts()).walletResetPassword, { params: { code } });
}

export async function autoLoginLink(provider: string, username: string, password?: string) {
  const { autoLogin, autoLoginWithPassword } = await loadWalletContracts();
  return password
    ? apiCall(autoLoginWithPassword, { params: { provider, username, password } })
    : apiCall(autoLogin, { params: { provider, username } });
}

export async function transfer(
  body: { from: string; to: string; amount: number },
  idempotencyKey: string,
) {
  return apiCall((await loadWalletContracts()).walletTransfer, {
    body,
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  });
}

export async function transferAllToWallet(idempotencyKey: string) {
  return apiCall((await loadWalletContracts()).walletTransferAll, {
    body: { to: 'wallet' },
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  });
}

export async function withdrawAll(body: { amount: number }, idempotencyKey: string) {
  return apiCall((await loadWalletContracts()).walletWithdrawAll, {
    body,
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  });
}
