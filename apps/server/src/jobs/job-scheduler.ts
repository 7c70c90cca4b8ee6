import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { runWithRequestId } from '@/lib/request-context.ts';

/** A background job run every `intervalMs` (measured from the end of the previous run, so runs never overlap). */
export type Job = { name: string; intervalMs: number; run: () => Promise<unknown> };

export type JobScheduler = {
  /** Registers a job; it starts with the scheduler (or at once when the scheduler is already running). */
  add(job: Job): void;
  start(): void;
  /** Stops scheduling and waits for the runs in progress. */
  stop(): Promise<void>;
  /** Runs one job now (tests, operator tools); waits for a run in progress of that job first. */
  runNow(name: string): Promise<void>;
  readonly isRunning: boolean;
  readonly jobNames: string[];
};

/**
 * In-process interval jobs (reconciliation, bank feed, game balance sync). Started by server.ts (JOBS_ENABLED), never
 * by tests unless they ask. With several server processes every one runs them: each job must be safe to run
 * concurrently (they settle through conditional updates and unique constraints, never check-then-act).
 */
export function createJobScheduler(
  log: FastifyBaseLogger,
  /** Told of every run's time and outcome (the metrics). */
  onRunEnd: (job: string, seconds: number, isFailed: boolean) => void = () => undefined,
): JobScheduler {
  const jobs = new Map<string, Job>();
  const timers = new Map<string, NodeJS.Timeout>();
  const inFlight = new Map<string, Promise<void>>();
  let isRunning = false;

  function runOnce(job: Job): Promise<void> {
    const previous = inFlight.get(job.name);
    if (previous) return previous;
    // Each run has an id of its own, carried to the outside calls it makes like a request's.
    const run = runWithRequestId(`job-${job.name}-${randomUUID()}`, async () => {
      const started = performance.now();
      let isFailed = false;
      try {
        await job.run();
      } catch (error) {
        isFailed = true;
        log.error({ err: error, job: job.name }, 'background job failed');
      } finally {
        inFlight.delete(job.name);
        onRunEnd(job.name, (performance.now() - started) / 1000, isFailed);
      }
    });
    inFlight.set(job.name, run);
    return run;
  }

  function schedule(job: Job) {
    if (!isRunning) return;
    const timer = setTimeout(() => {
      timers.delete(job.name);
      void runOnce(job).then(() => schedule(job));
    }, job.intervalMs);
    timer.unref();
    timers.set(job.name, timer);
  }

  return {
    add(job) {
      if (jobs.has(job.name)) throw new Error(`job ${job.name} is registered twice`);
      jobs.set(job.name, job);
      schedule(job);
    },
    start() {
      if (isRunning) return;
      isRunning = true;
      for (const job of jobs.values()) schedule(job);
    },
    async stop() {
      isRunning = false;
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      await Promise.all(inFlight.values());
    },
    async runNow(name) {
      const job = jobs.get(name);
      if (!job) throw new Error(`no job named ${name}`);
      const previous = inFlight.get(name);
      if (previous) await previous;
      await runOnce(job);
    },
    get isRunning() {
      return isRunning;
    },
    get jobNames() {
      return [...jobs.keys()];
    },
  };
}
