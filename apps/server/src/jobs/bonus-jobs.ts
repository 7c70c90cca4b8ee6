import type { JobScheduler } from '@/jobs/job-scheduler.ts';
import {
  BONUS_EXPIRY_JOB,
  BONUS_LOST_JOB,
  type BonusService,
} from '@/modules/bonus/bonus.service.ts';

const BONUS_EXPIRY_INTERVAL_MS = 5 * 60_000;
const BONUS_LOST_INTERVAL_MS = 60_000;

/**
 * docs/decisions/0013-promotions.md#bonus: a bonus past its validDays ends like a cancel (`expired`); a bonus whose
 * total fell below percentFail % ends as `lost` even when its member never comes back to read the wallet.
 */
export function registerBonusJobs(jobs: JobScheduler, bonus: BonusService) {
  jobs.add({
    name: BONUS_EXPIRY_JOB,
    intervalMs: BONUS_EXPIRY_INTERVAL_MS,
    run: () => bonus.expireDue(),
  });
  jobs.add({
    name: BONUS_LOST_JOB,
    intervalMs: BONUS_LOST_INTERVAL_MS,
    run: () => bonus.endLost(),
  });
}
