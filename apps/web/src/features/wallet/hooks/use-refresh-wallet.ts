import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { refreshGameBalances } from '@/features/wallet/api/wallet-api';
import { WALLET_REFRESH_KEY } from '@/features/wallet/hooks/use-game-return';
import { errorText } from '@/lib/error-message';
import { storeWallet } from '@/lib/member-queries';

/** GET /api/wallet/refresh/slot: every active game balance read again; the answer is the whole wallet. */
export function useRefreshWallet() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: WALLET_REFRESH_KEY,
    mutationFn: refreshGameBalances,
    onSuccess: (data) => storeWallet(queryClient, data),
    onError: (error) => toast.error(errorText(t, error)),
  });
}
