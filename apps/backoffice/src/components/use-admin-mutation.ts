import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useErrorText } from '@/components/error-text';
import { useReauth } from '@/components/reauth-provider';
import { isApiError } from '@/lib/api-client';
import { QUEUE_COUNTS_KEY } from '@/lib/queue-counts';

type Options<TInput, TResult> = {
  run: (input: TInput) => Promise<TResult>;
  /** Queries to refresh after success (the queue, the item, the member). */
  invalidates?: QueryKey[];
  successText?: (result: TResult) => string;
  onSuccess?: (result: TResult) => void;
};

/**
 * The one mutation hook of the back office: when the server asks for a fresh re-authentication it opens the dialog and
 * repeats the call once; success and failure are told by a toast; the given queries are refreshed.
 */
export function useAdminMutation<TInput, TResult>(options: Options<TInput, TResult>) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { requestReauth } = useReauth();
  const errorText = useErrorText();
  return useMutation({
    mutationFn: async (input: TInput) => {
      try {
        return await options.run(input);
      } catch (error) {
        if (
          isApiError(error) &&
          error.code === 'OPERATOR_REAUTH_REQUIRED' &&
          (await requestReauth())
        )
          return options.run(input);
        throw error;
      }
    },
    onSuccess: (result) => {
      // Any decision may take an item out of a queue: the counts on the tabs and in the menu follow it.
      for (const key of [...(options.invalidates ?? []), QUEUE_COUNTS_KEY])
        void queryClient.invalidateQueries({ queryKey: key });
      toast.success(options.successText?.(result) ?? t('saved'));
      options.onSuccess?.(result);
    },
    onError: (error) => {
      for (const key of options.invalidates ?? [])
        void queryClient.invalidateQueries({ queryKey: key });
      toast.error(errorText(error));
    },
  });
}
