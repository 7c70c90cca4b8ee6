import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { autoLoginLink, slotAccountQuery } from '@/features/wallet/api/wallet-api';
import { markGameLaunched } from '@/features/wallet/hooks/use-game-return';
import { errorText } from '@/lib/error-message';

/**
 * Opens a game through its auto-login link (GET /api/autoLogin/…, docs/spec.md §7) in a new tab. The tab must be
 * opened inside the tap, or the browser blocks it as a pop-up; the link (and any transfer before it) arrives a moment
 * later, so the tab first says the game is opening.
 */
export function useGameLauncher() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const link = useMutation({
    mutationFn: async (code: string) => {
      const credentials = await queryClient.fetchQuery(slotAccountQuery(code));
      return autoLoginLink(code, credentials.username, credentials.password);
    },
  });

  /** Call synchronously inside the tap. */
  const openTab = (): Window | null => {
    const tab = window.open('', '_blank');
    if (!tab) return null;
    tab.opener = null;
    try {
      tab.document.title = t('walletFlow.playOpening');
      tab.document.body.style.cssText = 'font: 16px/1.5 system-ui, sans-serif; display: grid; place-items: center; min-height: 90vh;';
      tab.document.body.textContent = t('walletFlow.playOpening');
    } catch {
      // A browser that does not let us write into the blank tab still navigates it.
    }
    return tab;
  };

  /** Sends `tab` (or, when the browser gave none, this page) to the game; on failure closes it and says why. */
  const launch = (code: string, tab: Window | null) => {
    link.mutate(code, {
      onSuccess: ({ url }) => {
        // Back from the game, its balance is read from the provider (use-game-return.ts).
        markGameLaunched(code);
        if (tab) tab.location.href = url;
        else window.location.assign(url);
      },
      onError: (error) => {
        tab?.close();
        toast.error(errorText(t, error));
      },
    });
  };

  return { openTab, launch, isLaunching: link.isPending };
}
