import type { JobScheduler } from '@/jobs/job-scheduler.ts';
import type { TrueLinkService } from '@/modules/deposit/truelink.service.ts';
import type { SlipService } from '@/modules/slip/slip.service.ts';

export const MONEY_IN_RECOVERY_JOB = 'money-in-recovery';
const MONEY_IN_RECOVERY_INTERVAL_MS = 60_000;

/** Nothing stays stuck after a crash: gift vouchers left `redeeming` and slips left `processing` are settled. */
export function registerMoneyInJobs(
  jobs: JobScheduler,
  services: { trueLink: TrueLinkService; slips: SlipService },
) {
  jobs.add({
    name: MONEY_IN_RECOVERY_JOB,
    intervalMs: MONEY_IN_RECOVERY_INTERVAL_MS,
    run: async () => {
      await services.trueLink.recoverStuck();
      await services.slips.failStaleSlips();
    },
  });
}
