import { SESSION_IDLE_MS } from '@mekong/contracts/constants';
import type { AppDeps } from '@/app-deps.ts';
import type { JobScheduler } from '@/jobs/job-scheduler.ts';
import { deleteDeadSessions } from '@/modules/auth/session.repository.ts';
import { forgetOldReplies } from '@/modules/money-replies/index.ts';
import { deleteOtpRequestsBefore } from '@/modules/otp/otp.repository.ts';

export const HOUSEKEEPING_JOB = 'housekeeping';
const HOUSEKEEPING_INTERVAL_MS = 60 * 60_000;
/** How long a dead session (revoked or idle past 7 days) and a one-time code are kept for support questions. */
export const DEAD_ROW_RETENTION_MS = 30 * 24 * 60 * 60_000;

/**
 * Deletes rows that can never be used again once they are a month past use (docs/decisions/0007): sessions revoked
 * or idle beyond the 7-day rule, and one-time codes (a registration needs a code verified within 30 minutes); and
 * money calls' kept answers a week old (docs/decisions/0024-unknown-money-outcomes.md).
 */
export function registerHousekeepingJobs(
  jobs: JobScheduler,
  { db, clock, log }: Pick<AppDeps, 'db' | 'clock' | 'log'>,
) {
  jobs.add({
    name: HOUSEKEEPING_JOB,
    intervalMs: HOUSEKEEPING_INTERVAL_MS,
    run: async () => {
      const now = clock.now().getTime();
      // A session dies at revocation or 7 days after its recorded last use; either way it is kept a month after.
      const sessions = await deleteDeadSessions(db.kysely, {
        revokedBefore: new Date(now - DEAD_ROW_RETENTION_MS),
        lastUsedBefore: new Date(now - SESSION_IDLE_MS - DEAD_ROW_RETENTION_MS),
      });
      const otps = await deleteOtpRequestsBefore(db.kysely, new Date(now - DEAD_ROW_RETENTION_MS));
      const replies = await forgetOldReplies({ db, clock });
      if (sessions + otps + replies > 0) log.info({ sessions, otps, replies }, 'housekeeping');
    },
  });
}
