import { IDEMPOTENCY_HEADER } from '@mekong/contracts/constants';
import { queryOptions } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { loadContracts } from '@/lib/load-contracts';
import { queryKeys } from '@/lib/query-keys';

/**
 * The wallet's contracts (and the validation library under them) load with the first call, not with the home page
 * that shows the games (docs/decisions/0017-first-load.md).
 */
const loadWallet = () => loadContracts(() => import('@mekong/contracts/wallet'));

export async function refreshGameBalances() {
  return apiCall((await loadWallet()).walletRefreshSlot);
}

export async function activateGame(code: string) {
  return apiCall((await loadWallet()).walletActivate, { params: { code } });
}

export const slotAccountQuery = (code: string) =>
  queryOptions({
    queryKey: queryKeys.slotAccount(code),
    queryFn: async ({ signal }) =>
      apiCall((await loadWallet()).walletAccount, { params: { code }, signal }),
    staleTime: 5 * 60_000,
  });

export async function resetGamePassword(code: string) {
  return apiCall((await loadWallet()).walletResetPassword, { params: { code } });
}

export async function autoLoginLink(provider: string, username: string, password?: string) {
  const { autoLogin, autoLoginWithPassword } = await loadWallet();
  return password
    ? apiCall(autoLoginWithPassword, { params: { provider, username, password } })
    : apiCall(autoLogin, { params: { provider, username } });
}

export async function transfer(
  body: { from: string; to: string; amount: number },
  idempotencyKey: string,
) {
  return apiCall((await loadWallet()).walletTransfer, {
    body,
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  });
}

export async function transferAllToWallet(idempotencyKey: string) {
  return apiCall((await loadWallet()).walletTransferAll, {
    body: { to: 'wallet' },
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  });
}

export async function withdrawAll(body: { amount: number }, idempotencyKey: string) {
  return apiCall((await loadWallet()).walletWithdrawAll, {
    body,
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  });
}
