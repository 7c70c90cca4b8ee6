import type { Config } from '@/config.ts';
import type { JobScheduler } from '@/jobs/job-scheduler.ts';
import type { BankFeedService } from '@/modules/bank-feed/bank-feed.service.ts';
import type { WithdrawalService } from '@/modules/withdrawal/withdrawal.service.ts';

export const BANK_FEED_JOB = 'bank-feed';
export const PAYOUT_RECONCILE_JOB = 'payout-reconciliation';

/** docs/design.md#deposits: credit incoming bank transfers within a minute. D7: settle payouts whose outcome was unknown. */
export function registerMoneyOutJobs(
  jobs: JobScheduler,
  services: { withdrawals: WithdrawalService; bankFeed: BankFeedService },
  config: Config,
) {
  jobs.add({
    name: BANK_FEED_JOB,
    intervalMs: config.BANK_FEED_INTERVAL_MS,
    run: () => services.bankFeed.runBankFeedOnce(),
  });
  jobs.add({
    name: PAYOUT_RECONCILE_JOB,
    intervalMs: config.PAYOUT_RECONCILE_INTERVAL_MS,
    run: () => services.withdrawals.reconcilePayouts(),
  });
}
