import type { GameProvider } from '@/adapters/games/game-provider.ts';
import type { AppDeps } from '@/app-deps.ts';
import { createGameAccountsService } from '@/modules/games/game-accounts.service.ts';
import { createGameLegsService } from '@/modules/games/game-legs.service.ts';
import { createProviderCatalogue } from '@/modules/games/provider-catalogue.ts';

export type GamesDeps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'log'> & { games: GameProvider };

/**
 * Game providers (docs/design.md#games): the catalogue, the member's accounts at providers, and the two-phase money legs to and
 * from a provider (D3) with their reconciliation and the balance sync.
 */
export function createGamesService(deps: GamesDeps) {
  const catalogue = createProviderCatalogue(deps.db.kysely);
  return {
    ...catalogue,
    ...createGameAccountsService(deps, catalogue),
    ...createGameLegsService(deps),
  };
}

export type GamesService = ReturnType<typeof createGamesService>;
