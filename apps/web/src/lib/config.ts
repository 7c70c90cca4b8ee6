import type { Country, Locale } from '@mekong/contracts/constants';
import { TRUELINK_DEV_SECRET } from '@mekong/contracts/deposit';

/** Build-time edition (docs/design.md#member-app): `VITE_COUNTRY=LA` makes Lao the default and adds the currency choice. */
export const COUNTRY: Country = import.meta.env.VITE_COUNTRY === 'LA' ? 'LA' : 'TH';
export const isLaosBuild = COUNTRY === 'LA';
export const DEFAULT_LOCALE: Locale = isLaosBuild ? 'la' : 'th';
export const API_BASE_URL = (import.meta.env.VITE_API_BASE_URL ?? '').replace(/\/$/, '');

/**
 * The gift-link shared secret: the server writes its installation's into the index.html it serves (meta
 * mekong-truelink-secret), so one build serves every installation; VITE_TRUELINK_SECRET or the development secret
 * otherwise (the Vite dev server). docs/decisions/0012-deploy-secrets.md
 */
export function trueLinkSecret(): string {
  const served =
    typeof document === 'undefined'
      ? null
      : document.querySelector('meta[name="mekong-truelink-secret"]')?.getAttribute('content');
  return served || import.meta.env.VITE_TRUELINK_SECRET || TRUELINK_DEV_SECRET;
}
