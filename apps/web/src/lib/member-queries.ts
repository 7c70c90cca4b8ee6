import type { ResponseOf } from '@mekong/contracts/contract';
import type { lookupEnableChatWidget, lookupInfo, lookupNotice } from '@mekong/contracts/lookup';
import type { WalletResponse } from '@mekong/contracts/wallet';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { loadAccountContracts, loadWalletContracts } from '@/lib/load-contracts';
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
    async (signal, isQuiet) => apiCall((await loadAccountContracts()).profileGet, { signal, isQuiet }),
    writeProfileCache,
  ),
  placeholderData: () => readProfileCache(),
});

/** GET /api/wallet, so the home page paints at once. */
export const walletQuery = queryOptions<WalletResponse>({
  queryKey: queryKeys.wallet,
  queryFn: fetchAndStore(
    async (signal, isQuiet) => apiCall((await loadWalletContracts()).walletGet, { signal, isQuiet }),
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

/** The answers a signed-in member's home page is drawn with (docs/decisions/0021-member-home-page.md). */
export type HomeData = {
  profile: ProfileInfo;
  wallet: WalletResponse;
  notice: ResponseOf<typeof lookupNotice>;
  brand: ResponseOf<typeof lookupInfo>;
  chatWidget: ResponseOf<typeof lookupEnableChatWidget>;
};

/**
 * Gives the app the answers the home page was drawn with, so its first render is that page and asks nothing again.
 * The server read each with its call's schema before drawing (src/prerender.tsx); the app takes them as drawn.
 */
export function seedHome(queryClient: QueryClient, answers: HomeData): void {
  queryClient.setQueryData(queryKeys.profile, answers.profile);
  queryClient.setQueryData(queryKeys.wallet, answers.wallet);
  queryClient.setQueryData(queryKeys.lookup('notice'), answers.notice);
  queryClient.setQueryData(queryKeys.lookup('info'), answers.brand);
  queryClient.setQueryData(queryKeys.lookup('enableChatWidget'), answers.chatWidget);
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
