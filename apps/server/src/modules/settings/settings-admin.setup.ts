import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '@/app-deps.ts';
import type { ApiRouteTable } from '@/lib/contract-route.ts';
import type { JobScheduler } from '@/jobs/job-scheduler.ts';
import { registerSettingChangesJobs } from '@/jobs/setting-changes-jobs.ts';
import type { GamesService } from '@/modules/games/games.service.ts';
import { registerSettingsAdminRoutes } from '@/modules/settings/settings-admin.routes.ts';
import { createSettingsAdminService } from '@/modules/settings/settings-admin.service.ts';
import { createSettingsCatalogueService } from '@/modules/settings/settings-catalogue.service.ts';
import { createSettingChangesService } from '@/modules/settings/setting-changes.service.ts';

/** The settings of the back office: their calls, and the job that applies waiting changes once their delay is over. */
export function registerSettingsAdmin(
  app: FastifyInstance,
  table: ApiRouteTable,
  jobs: JobScheduler,
  deps: AppDeps,
  games: GamesService,
): void {
  const changes = createSettingChangesService(deps);
  registerSettingChangesJobs(jobs, changes);
  registerSettingsAdminRoutes(app, table, {
    settings: createSettingsAdminService(deps),
    catalogue: createSettingsCatalogueService(deps, games),
    changes,
  });
}
