import type { TFunction } from 'i18next';
import { isApiError } from '@/lib/api-client';
import { retryTimeText } from '@/lib/retry-time';

/** A catalogue code's translation (`errors.<CODE>`); anything else is shown as its raw text. */
export function translateCode(t: TFunction, code: string): string {
  return t(`errors.${code}`, { defaultValue: code });
}

/** A refusal in the member's words; a limit's adds when to try again (lib/retry-time.ts). */
export function errorText(t: TFunction, error: unknown): string {
  if (isApiError(error)) {
    const retry = retryTimeText(t, error);
    // With its time a limit says no more than that it was reached: "try again later" would contradict the time.
    return retry ? `${t('limit.reached')} ${retry}` : translateCode(t, error.code);
  }
  if (error instanceof Error && error.message) return translateCode(t, error.message);
  return translateCode(t, 'INTERNAL_SERVER_ERROR');
}

/** The message code of a failed call (or of a thrown Error), for a form to show at its field. */
export function errorCodeOf(error: unknown): string {
  if (isApiError(error)) return error.code;
  return error instanceof Error && error.message ? error.message : 'INTERNAL_SERVER_ERROR';
}
