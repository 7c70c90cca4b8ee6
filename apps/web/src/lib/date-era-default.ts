import type { DateEra } from '@mekong/contracts/constants';
import type { Locale } from '@mekong/contracts/constants';

/**
 * The year count a language reads by default (docs/design.md#member-app): Thai dates are in the Buddhist era, Lao and
 * English in the Gregorian, until the member chooses one on the profile page.
 */
export function defaultEraOf(locale: Locale): DateEra {
  return locale === 'th' ? 'buddhist' : 'gregorian';
}
