import type { FailedRunRow, JobRow } from '@mekong/contracts/admin/jobs';
import type { AppDeps } from '@/app-deps.ts';
import { periodSecondsOf } from '@/jobs/job-boss.ts';
import type { JobScheduler } from '@/jobs/job-scheduler.ts';
import { listJobStates } from '@/jobs/job-states.repository.ts';
import { AppError } from '@/lib/app-error.ts';
import { isoOrNull } from '@/lib/iso-time.ts';
import { recordAudit } from '@/modules/audit/audit.service.ts';
import { actorOf, type OperatorContext } from '@/modules/operators/operator-auth.service.ts';

/** The failed runs the page shows at most (the newest). */
const FAILED_RUNS_SHOWN = 100;

/** The back office's view of the periodic jobs (docs/decisions/0018-jobs-engine.md#back-office). */
export function createJobsAdminService(
  { db, clock }: Pick<AppDeps, 'db' | 'clock'>,
  jobs: JobScheduler,
) {
  return {
    async list(): Promise<{ isEngineRunning: boolean; jobs: JobRow[]; failed: FailedRunRow[] }> {
      const states = new Map((await listJobStates(db.kysely)).map((row) => [row.job, row]));
      const rows = jobs.jobs.map((job) => {
        const state = states.get(job.name);
        return {
          name: job.name,
          periodSeconds: periodSecondsOf(job.intervalMs),
          runs: Number(state?.runs ?? 0),
          failedRuns: Number(state?.failed_runs ?? 0),
          failuresInARow: state?.failures_in_a_row ?? 0,
          lastStartedAt: isoOrNull(state?.last_started_at ?? null),
          lastSuccessAt: isoOrNull(state?.last_success_at ?? null),
          lastFailedAt: isoOrNull(state?.last_failed_at ?? null),
          lastError: state?.last_error ?? null,
        };
      });
      const failed = (await jobs.listFailed(FAILED_RUNS_SHOWN)).map((run) => ({
        ...run,
        startedAt: isoOrNull(run.startedAt),
        failedAt: isoOrNull(run.failedAt),
      }));
      return { isEngineRunning: jobs.isRunning, jobs: rows, failed };
    },

    /** One more attempt of a dead run, audited as `job.retried` once the engine took it back. */
    async retry(operator: OperatorContext, id: string): Promise<void> {
      const outcome = await jobs.retryDead(id);
      if (outcome === null) throw new AppError('ITEM_NOT_FOUND');
      if (outcome === 'busy') throw new AppError('JOB_RUN_WAITING');
      await db.withTransaction((trx) =>
        recordAudit(
          trx,
          actorOf(operator),
          { action: 'job.retried', targetType: 'job-run', targetId: id, after: { job: outcome } },
          clock.now(),
        ),
      );
    },
  };
}

export type JobsAdminService = ReturnType<typeof createJobsAdminService>;
