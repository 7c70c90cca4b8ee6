import { z } from 'zod';
import { adminCall, idParams, okSchema } from './admin-contract.ts';

/** One periodic job: its period and the summary of its runs (times are ISO strings, null before the first). */
export const jobRowSchema = z.object({
  name: z.string(),
  periodSeconds: z.number(),
  runs: z.number(),
  failedRuns: z.number(),
  failuresInARow: z.number(),
  lastStartedAt: z.string().nullable(),
  lastSuccessAt: z.string().nullable(),
  lastFailedAt: z.string().nullable(),
  lastError: z.string().nullable(),
});
export type JobRow = z.infer<typeof jobRowSchema>;

/** A run that failed: `retry` waits for its next attempt, `failed` spent its retries (dead letter). */
export const failedRunSchema = z.object({
  id: z.string(),
  job: z.string(),
  state: z.enum(['retry', 'failed']),
  attempts: z.number(),
  startedAt: z.string().nullable(),
  failedAt: z.string().nullable(),
  error: z.string().nullable(),
});
export type FailedRunRow = z.infer<typeof failedRunSchema>;

/** The periodic jobs, their last runs and the failed runs (docs/decisions/0018-jobs-engine.md). */
export const adminJobsListContract = adminCall('GET', '/api/admin/jobs', {
  response: z.object({
    isEngineRunning: z.boolean(),
    jobs: z.array(jobRowSchema),
    failed: z.array(failedRunSchema),
  }),
  permission: 'settings.read',
});

/** Puts a dead run (retries spent) back in its queue for one more attempt; audited. */
export const adminJobRetryContract = adminCall('POST', '/api/admin/jobs/runs/:id/retry', {
  params: idParams,
  response: okSchema,
  permission: 'settings.system',
});
