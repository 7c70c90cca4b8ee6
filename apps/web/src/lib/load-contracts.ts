import { yieldToMain } from '@/lib/yield-to-main';

let validation: Promise<void> | undefined;

/**
 * Loads a module of the calls' contracts when a call first needs it, in two tasks: the validation library under them
 * in one, the module's own schemas in the next, so that neither holds a slow phone's main thread for long
 * (docs/decisions/0017-first-load.md). A load that failed (no network) is tried again by the next call.
 */
export async function loadContracts<T>(load: () => Promise<T>): Promise<T> {
  validation ??= import('zod').then(yieldToMain, (error: unknown) => {
    validation = undefined;
    throw error;
  });
  await validation;
  return load();
}
