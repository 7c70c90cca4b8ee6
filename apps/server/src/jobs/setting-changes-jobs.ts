import type { JobScheduler } from '@/jobs/job-scheduler.ts';
import type { SettingChangesService } from '@/modules/settings/setting-changes.service.ts';

export const SETTING_CHANGES_JOB = 'setting-changes-due';
/** A waiting change takes effect within a minute of its time (the settings lists apply it at once when read). */
const SETTING_CHANGES_INTERVAL_MS = 60_000;

/** Applies the money-critical setting changes nobody confirmed once their delay is over (docs/back-office/settings.md). */
export function registerSettingChangesJobs(jobs: JobScheduler, changes: SettingChangesService) {
  jobs.add({
    name: SETTING_CHANGES_JOB,
    intervalMs: SETTING_CHANGES_INTERVAL_MS,
    run: () => changes.applyDue(),
  });
}
