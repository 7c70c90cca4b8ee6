import { loadOnce } from '@/lib/load-once';
import { yieldToMain } from '@/lib/yield-to-main';

// The shared fields, not the library itself: a dynamic import of 'zod' would keep every part of it (and its locales)
// in the build, four times the size of what the contracts use.
const loadValidation = loadOnce(() => import('@mekong/contracts/fields').then(yieldToMain));

/**
 * Loads a module of the calls' contracts when a call first needs it, in two tasks: the validation library under them
 * (with the shared fields) in one, the module's own schemas in the next, so that neither holds a slow phone's main
 * thread for long (docs/decisions/0017-first-load.md). A load that failed (no network) is tried again by the next call.
 */
export async function loadContracts<T>(load: () => Promise<T>): Promise<T> {
  await loadValidation();
  return load();
}

/** The account's and the wallet's contracts, which several parts of the app call. */
export const loadAccountContracts = () => loadContracts(() => import('@mekong/contracts/account'));
export const loadWalletContracts = () => loadContracts(() => import('@mekong/contracts/wallet'));
