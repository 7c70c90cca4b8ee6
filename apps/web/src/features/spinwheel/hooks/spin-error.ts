import type { TFunction } from 'i18next';
import { translateCode } from '@/lib/error-message';

/** Spec §8: spin and claim failures read `spin.error.<code>`; a code without its own text falls back to the catalogue. */
export function spinErrorText(t: TFunction, code: string): string {
  return t(`spin.error.${code}`, { defaultValue: translateCode(t, code) });
}
