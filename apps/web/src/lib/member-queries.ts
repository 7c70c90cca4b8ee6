import { profileGet } from '@mekong/contracts/account';
import type { HomeAnswers } from '@mekong/contracts/constants';
import { lookupEnableChatWidget, lookupInfo, lookupNotice } from '@mekong/contracts/lookup';
import { walletGet, type WalletResponse } from '@mekong/contracts/wallet';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import {
  readProfileCache,
  readWalletCache,
  writeProfileCache,
  writeWalletCache,
  type ProfileInfo,
} from '@/lib/user-info-cache';

/**
 * The signed-in member's own data, read by many features (header, home, deposit, statement), so it is shared here
 * rather than owned by one feature (docs/decisions/0008-web-boundaries.md).
 */

type FetchContext = { signal: AbortSignal; client: QueryClient; queryKey: readonly unknown[] };

/**
 * Fetches, then keeps the answer in the local-storage copy (docs/spec.md §3) its query is painted from first.
 * A read of figures already on screen (a poll, a focus) is quiet: no global loading indicator for what nobody asked.
 */
function fetchAndStore<T>(
  fetch: (signal: AbortSignal, isQuiet: boolean) => Promise<T>,
  write: (data: T) => void,
) {
  return async ({ signal, client, queryKey }: FetchContext) => {
    const data = await fetch(signal, client.getQueryState(queryKey)?.status === 'success');
    write(data);
    return data;
  };
}

/** The profile, so the header has a name at once. */
export const profileQuery = queryOptions<ProfileInfo>({
  queryKey: queryKeys.profile,
  queryFn: fetchAndStore(
    (signal, isQuiet) => apiCall(profileGet, { signal, isQuiet }),
    writeProfileCache,
  ),
  placeholderData: () => readProfileCache(),
});

/** GET /api/wallet, so the home page paints at once. */
export const walletQuery = queryOptions<WalletResponse>({
  queryKey: queryKeys.wallet,
  queryFn: fetchAndStore(
    (signal, isQuiet) => apiCall(walletGet, { signal, isQuiet }),
    writeWalletCache,
  ),
  placeholderData: () => readWalletCache(),
  staleTime: 15_000,
});

/** How often a screen that shows the balance reads the wallet again while it is visible. */
export const WALLET_POLL_MS = 10_000;

/**
 * The wallet for a screen that shows the balance (home): read again every WALLET_POLL_MS while the page is visible
 * and whenever the member comes back to it, so a bank transfer or gift link credited by the server appears without a
 * refresh. Only one screen uses it, so one timer runs.
 */
export const liveWalletQuery = queryOptions<WalletResponse>({
  ...walletQuery,
  refetchInterval: WALLET_POLL_MS,
  refetchIntervalInBackground: false,
  refetchOnWindowFocus: 'always',
});

/**
 * Starts the home page's own calls (main.tsx, when the app opens on it signed in): beside the page's chunks, not
 * once the page has rendered, one round trip earlier on a slow line (docs/decisions/0017-first-load.md).
 */
export function prefetchHome(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(profileQuery);
  void queryClient.prefetchQuery(liveWalletQuery);
}

/**
 * Gives the app the answers the server drew the home page with, so its first render is that page and asks nothing
 * again: each is read with its call's own schema, as an answer of the call would be. False, and nothing kept, when one
 * does not read.
 */
export function seedHome(queryClient: QueryClient, answers: HomeAnswers): boolean {
  const profile = profileGet.response.safeParse(answers.profile);
  const wallet = walletGet.response.safeParse(answers.wallet);
  const notice = lookupNotice.response.safeParse(answers.notice);
  const brand = lookupInfo.response.safeParse(answers.brand);
  const chatWidget = lookupEnableChatWidget.response.safeParse(answers.chatWidget);
  if (
    !profile.success ||
    !wallet.success ||
    !notice.success ||
    !brand.success ||
    !chatWidget.success
  )
    return false;
  queryClient.setQueryData(queryKeys.profile, profile.data);
  queryClient.setQueryData(queryKeys.wallet, wallet.data);
  queryClient.setQueryData(queryKeys.lookup('notice'), notice.data);
  queryClient.setQueryData(queryKeys.lookup('info'), brand.data);
  queryClient.setQueryData(queryKeys.lookup('enableChatWidget'), chatWidget.data);
  return true;
}

/** Puts a fresh wallet answer everywhere it is shown (wallet, header name, cache). */
export function storeWallet(queryClient: QueryClient, data: WalletResponse): void {
  writeWalletCache(data);
  queryClient.setQueryData(queryKeys.wallet, data);
  queryClient.setQueryData(queryKeys.profile, {
    profile: data.profile,
    bankAccount: data.bankAccount,
  });
}

/** A profile change answered with the profile as it now is: shown everywhere, the wallet's copy read again. */
export async function storeProfile(queryClient: QueryClient, data: ProfileInfo): Promise<void> {
  writeProfileCache(data);
  queryClient.setQueryData(queryKeys.profile, data);
  await queryClient.invalidateQueries({ queryKey: queryKeys.wallet });
}

/**
 * After money moved (or may have): the wallet and the statement are out of date, and so is the bonus (its progress,
 * and a withdrawal or a loss can end it: docs/decisions/0013-promotions.md).
 */
export async function afterMoneyMoved(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.wallet }),
    queryClient.invalidateQueries({ queryKey: queryKeys.statement }),
    queryClient.invalidateQueries({ queryKey: queryKeys.bonus }),
  ]);
}
