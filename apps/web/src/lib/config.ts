import type { Country, Locale } from '@mekong/contracts/constants';

/** Build-time edition (docs/design.md#member-app): `VITE_COUNTRY=LA` makes Lao the default and adds the currency choice. */
export const COUNTRY: Country = import.meta.env.VITE_COUNTRY === 'LA' ? 'LA' : 'TH';
export const isLaosBuild = COUNTRY === 'LA';
export const DEFAULT_LOCALE: Locale = isLaosBuild ? 'la' : 'th';
export const API_BASE_URL = (import.meta.env.VITE_API_BASE_URL ?? '').replace(/\/$/, '');
