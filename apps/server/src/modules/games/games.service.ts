import type { GameProvider } from '@/adapters/games/game-provider.ts';
import type { AppDeps } from '@/app-deps.ts';
import { createGameAccountsService } from '@/modules/games/game-accounts.service.ts';
import { createGameBetsService } from '@/modules/games/game-bets.service.ts';
import { createGameLegsService } from '@/modules/games/game-legs.service.ts';
import { createProviderCatalogue } from '@/modules/games/provider-catalogue.ts';

export type GamesDeps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'log'> & { games: GameProvider };

/**
 * Game providers (docs/design.md#games): the catalogue, the member's accounts at providers, and the two-phase money legs to and
 * from a provider (D3) with their reconciliation and the balance sync, and the bet records read from the providers'
 * betting history (docs/decisions/0013-promotions.md).
 */
export function createGamesService(deps: GamesDeps) {
  const catalogue = createProviderCatalogue(deps.db.kysely);
  const legs = createGameLegsService(deps);
  const bets = createGameBetsService(deps);
  return {
    ...catalogue,
    ...createGameAccountsService(deps, catalogue),
    ...legs,
    ...bets,
    /**
     * The member's manual sync: every active game balance (or the one at `provider`) read from the provider itself,
     * and the bet records of those accounts.
     */
    async syncMember(memberId: string, provider?: string): Promise<void> {
      await Promise.all([
        legs.syncMember(memberId, provider),
        bets.syncMemberBets(memberId, provider),
      ]);
    },
  };
}

export type GamesService = ReturnType<typeof createGamesService>;
