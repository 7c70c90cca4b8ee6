import type { Kysely, Transaction } from 'kysely';
import type { Database } from '@/db/schema.ts';
import { AppError } from '@/lib/app-error.ts';
import {
  listProviders,
  lockProvider,
  setProviderEnabled,
  type ProviderRow,
} from '@/modules/games/games.repository.ts';

/**
 * How long the provider catalogue is served from memory. The catalogue changes only by an operator's hand; a change
 * made through this process's forgetProviders() shows at once, one made elsewhere within this time.
 */
export const PROVIDER_CACHE_TTL_MS = 5_000;

/** The game providers the operator offers (docs/spec.md §1), read through a short cache. */
export function createProviderCatalogue(db: Kysely<Database>) {
  let catalogue: { rows: Promise<ProviderRow[]>; expiresAt: number } | undefined;

  /** The provider catalogue (every provider, enabled or not), in display order, cached for PROVIDER_CACHE_TTL_MS. */
  function providers(): Promise<ProviderRow[]> {
    const now = performance.now();
    if (catalogue && catalogue.expiresAt > now) return catalogue.rows;
    const rows = listProviders(db);
    const entry = { rows, expiresAt: now + PROVIDER_CACHE_TTL_MS };
    catalogue = entry;
    // A failed read is not kept.
    rows.catch(() => {
      if (catalogue === entry) catalogue = undefined;
    });
    return rows;
  }

  /** Drops the cached catalogue; whoever changes game_providers in this process calls it. */
  function forgetProviders(): void {
    catalogue = undefined;
  }

  /** An enabled provider by code (from the cached catalogue), else NO_GAME. */
  async function enabledProvider(code: string): Promise<ProviderRow> {
    const provider = (await providers()).find((p) => p.code === code);
    if (!provider || !provider.is_enabled) throw new AppError('NO_GAME');
    return provider;
  }

  /**
   * An operator switches a provider on or off, in the caller's transaction (ITEM_NOT_FOUND for an unknown code). The
   * caller calls forgetProviders() after the commit, so this process serves the change at once.
   */
  async function switchProvider(
    trx: Transaction<Database>,
    code: string,
    isEnabled: boolean,
  ): Promise<{ before: ProviderRow; after: ProviderRow }> {
    const before = await lockProvider(trx, code);
    if (!before) throw new AppError('ITEM_NOT_FOUND');
    const after = await setProviderEnabled(trx, code, isEnabled);
    return { before, after };
  }

  return { providers, forgetProviders, enabledProvider, switchProvider };
}

export type ProviderCatalogue = ReturnType<typeof createProviderCatalogue>;
