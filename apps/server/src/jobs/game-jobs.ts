import type { Config } from '@/config.ts';
import type { JobScheduler } from '@/jobs/job-scheduler.ts';
import type { GamesService } from '@/modules/games/games.service.ts';

export const GAME_RECONCILE_JOB = 'game-transfer-reconciliation';
export const GAME_SYNC_JOB = 'game-balance-sync';

/**
 * docs/design.md#money: settle pending game transfers by their reference; sync every active game balance, and book
 * the providers' bet records (docs/decisions/0013-promotions.md).
 */
export function registerGameJobs(jobs: JobScheduler, games: GamesService, config: Config) {
  jobs.add({
    name: GAME_RECONCILE_JOB,
    intervalMs: config.GAME_RECONCILE_INTERVAL_MS,
    run: () => games.reconcilePending(),
  });
  jobs.add({
    name: GAME_SYNC_JOB,
    intervalMs: config.GAME_SYNC_INTERVAL_MS,
    run: async () => ({ balances: await games.syncAll(), bets: await games.syncAllBets() }),
  });
}
