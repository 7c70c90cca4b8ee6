import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { copyText } from '@/lib/clipboard';

/** Copy with the toasts of docs/spec.md §8: "copied: {text}" or "Failed to copy". */
export function useCopy() {
  const { t } = useTranslation();
  return async (text: string) => {
    if (await copyText(text)) toast.success(t('common.copied', { text }));
    else toast.error(t('common.copyFailed'));
  };
}
