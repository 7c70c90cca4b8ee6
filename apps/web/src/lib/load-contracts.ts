import { yieldToMain } from '@/lib/yield-to-main';

let validation: Promise<void> | undefined;

/**
 * Loads a module of the calls' contracts when a call first needs it, in two tasks: the validation library under them
 * (with the shared fields) in one, the module's own schemas in the next, so that neither holds a slow phone's main thread for long
 * (docs/decisions/0017-first-load.md). A load that failed (no network) is tried again by the next call.
 */
export async function loadContracts<T>(load: () => Promise<T>): Promise<T> {
  // The shared fields, not the library itself: a dynamic import of 'zod' would keep every part of it (and its
  // locales) in the build, four times the size of what the contracts use.
  validation ??= import('@mekong/contracts/fields').then(yieldToMain, (error: unknown) => {
    validation = undefined;
    throw error;
  });
  await validation;
  return load();
}
