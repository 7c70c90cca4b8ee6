import { useIsMutating, useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { refreshGameBalance } from '@/features/wallet/api/wallet-api';
import { errorText } from '@/lib/error-message';
import { storeWallet } from '@/lib/member-queries';
import { queryKeys } from '@/lib/query-keys';
import { readStorage, removeStorage, writeStorage } from '@/lib/storage';
import { STORAGE_KEYS } from '@/lib/storage-keys';

/** Every balance refresh shares this key, so the wallet card can say "updating" whichever one runs. */
export const WALLET_REFRESH_KEY = ['wallet-refresh'] as const;
const ONE_GAME_KEY = [...WALLET_REFRESH_KEY, 'game'] as const;

/** Remembers that `code` was launched, so the page refreshes its balance when the member comes back. */
export function markGameLaunched(code: string): void {
  writeStorage(STORAGE_KEYS.gameLaunched, code, 'session');
}

/**
 * Back from a game, its balance is asked of the provider (docs/decisions/0023-prize-claim-and-game-return.md): when
 * the page is shown or focused again after a launch, or loads again after a launch in this same tab.
 */
export function useGameReturnRefresh() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const refresh = useMutation({
    mutationKey: ONE_GAME_KEY,
    mutationFn: refreshGameBalance,
    onSuccess: async (data) => {
      // A wallet read started at the same focus reads the ledger as it was: it must not land after this answer.
      await queryClient.cancelQueries({ queryKey: queryKeys.wallet });
      storeWallet(queryClient, data);
    },
    onError: (error) => toast.error(errorText(t, error)),
  });
  const mutateRef = useRef(refresh.mutate);
  mutateRef.current = refresh.mutate;

  useEffect(() => {
    const onBack = () => {
      if (document.visibilityState !== 'visible') return;
      const code = readStorage(STORAGE_KEYS.gameLaunched, 'session');
      if (!code) return;
      removeStorage(STORAGE_KEYS.gameLaunched, 'session');
      mutateRef.current(code);
    };
    onBack();
    document.addEventListener('visibilitychange', onBack);
    window.addEventListener('focus', onBack);
    return () => {
      document.removeEventListener('visibilitychange', onBack);
      window.removeEventListener('focus', onBack);
    };
  }, []);
}

/** The game whose balance is being asked of its provider right now, if any. */
export function useUpdatingGame(): string | null {
  const pending = useMutationState({
    filters: { mutationKey: ONE_GAME_KEY, status: 'pending' },
    select: (mutation) => mutation.state.variables,
  });
  const last = pending.at(-1);
  return typeof last === 'string' ? last : null;
}

/** Whether any balance refresh (the refresh button's, or one game's) is on its way. */
export function useIsWalletRefreshing(): boolean {
  return useIsMutating({ mutationKey: WALLET_REFRESH_KEY }) > 0;
}
