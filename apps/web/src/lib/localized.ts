import type { Locale } from '@mekong/contracts/constants';
import type { LocalizedText } from '@mekong/contracts/fields';

/** Operator text in the member's language, falling back to any language that has text. */
export function pickLocalized(text: LocalizedText | null | undefined, locale: Locale): string {
  if (!text) return '';
  return text[locale] || text.en || text.th || text.la || '';
}
