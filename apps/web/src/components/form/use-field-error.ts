import { isMessageCode } from '@mekong/contracts/messages';
import { useTranslation } from 'react-i18next';

/**
 * Field messages are either catalogue codes (from the contracts' field schemas) or i18n keys of this app.
 * Both become the member's language here.
 */
export function useFieldError() {
  const { t } = useTranslation();
  return (error: { message?: string } | undefined, params?: Record<string, string>): string | undefined => {
    const message = error?.message;
    if (!message) return undefined;
    return isMessageCode(message) ? t(`errors.${message}`) : t(message, params);
  };
}
