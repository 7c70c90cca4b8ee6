import type { Locale } from '@mekong/contracts/constants';
import type { LocalizedText } from '@mekong/contracts/fields';

/** Operator text in the member's language, falling back to any language that has text. */
export function pickLocalized(text: LocalizedText | null | undefined, locale: Locale): string {
  if (!text) return '';
  return text[locale] || text.en || text.th || text.la || '';
}

/** A bank's names as the lookups give them (docs/spec.md §3: nameTH, nameEN); a Lao name where one is given. */
export type BankNames = { nameTH?: string | null; nameEN?: string | null; nameLA?: string | null };

/**
 * A bank's name in the member's language: Thai in Thai, English in English; in Lao the Lao name when the lookup has
 * one, else the English one (Lao readers are not assumed to read Thai). Falls back to any name, then to `fallback`.
 */
export function bankName(
  bank: BankNames | null | undefined,
  locale: Locale,
  fallback = '',
): string {
  if (!bank) return fallback;
  const order =
    locale === 'th'
      ? [bank.nameTH, bank.nameEN]
      : locale === 'la'
        ? [bank.nameLA, bank.nameEN, bank.nameTH]
        : [bank.nameEN, bank.nameTH];
  return (
    order.find((name): name is string => typeof name === 'string' && name.trim() !== '')?.trim() ??
    fallback
  );
}
