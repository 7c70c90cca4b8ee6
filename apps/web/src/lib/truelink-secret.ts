import { TRUELINK_DEV_SECRET } from '@mekong/contracts/deposit';

/**
 * The gift-link shared secret: the server writes its installation's into the index.html it serves (meta
 * mekong-truelink-secret), so one build serves every installation; VITE_TRUELINK_SECRET or the development secret
 * otherwise (the Vite dev server). docs/decisions/0012-deploy-secrets.md. Apart from lib/config.ts, which every page
 * loads, so the deposit contracts load only with the deposit pages (docs/decisions/0017-first-load.md).
 */
export function trueLinkSecret(): string {
  const served =
    typeof document === 'undefined'
      ? null
      : document.querySelector('meta[name="mekong-truelink-secret"]')?.getAttribute('content');
  return served || import.meta.env.VITE_TRUELINK_SECRET || TRUELINK_DEV_SECRET;
}
