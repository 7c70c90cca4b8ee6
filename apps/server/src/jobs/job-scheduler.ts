import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Config } from '@/config.ts';
import type { Db } from '@/db/database.ts';
import type { Clock } from '@/lib/clock.ts';
import { runWithRequestId } from '@/lib/request-context.ts';
import {
  createBoss,
  findDeadRunJob,
  DEAD_LETTER_QUEUE,
  expireSecondsOf,
  JOB_RETRY_LIMIT,
  JOB_STOP_TIMEOUT_MS,
  jobsSchemaOf,
  listFailedRuns,
  periodSecondsOf,
  type FailedRun,
} from '@/jobs/job-boss.ts';
import { recordJobEnd, recordJobStart } from '@/jobs/job-states.repository.ts';

/** A periodic job: run about once every `intervalMs` across all server processes together. */
export type Job = {
  name: string;
  intervalMs: number;
  run: () => Promise<unknown>;
  /** First retry delay after a failed run (doubled each retry); default the period, at most a minute. */
  retryDelaySeconds?: number;
};

export type JobScheduler = {
  /** Registers a job (before start). */
  add(job: Job): void;
  /** Starts the engine: this process sends each period's run and works the runs of every process. */
  start(): Promise<void>;
  /** Stops sending, lets the runs in progress finish (bounded), and stops the engine. */
  stop(): Promise<void>;
  /**
   * Runs one job now in this process (tests, operator tools), outside the engine; waits for a run of that job in
   * progress here first. A failure is recorded and logged, not thrown.
   */
  runNow(name: string): Promise<void>;
  /** The failed runs waiting for a retry and the dead ones; empty while the engine is stopped. */
  listFailed(limit: number): Promise<FailedRun[]>;
  /**
   * Puts a dead run back in its queue for one more attempt: its job's name, null when no dead run of a job here has
   * that id, 'busy' when a run of that job already waits (a queue holds one).
   */
  retryDead(id: string): Promise<string | null | 'busy'>;
  readonly isRunning: boolean;
  readonly jobNames: string[];
  readonly jobs: readonly Job[];
};

type Options = {
  config: Config;
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Told of every run's time and outcome (the metrics). */
  onRunEnd?: (job: string, seconds: number, isFailed: boolean) => void;
};

const node = `${hostname()}:${process.pid}`;

/**
 * Periodic jobs on pg-boss (docs/decisions/0018-jobs-engine.md). Every process ticks each job at half its period and,
 * unless a run of the job is still unfinished, sends a run with a singleton slot of one period, so only the first send
 * of a period creates a run; the queue's `stately` policy backs this up in the database (one run active, one
 * waiting). A failed run is retried with back-off; once its retries are spent it stays `failed` (a copy goes to the
 * dead-letter queue) until an operator retries it. Started by server.ts (JOBS_ENABLED), never by tests unless asked.
 */
export function createJobScheduler(options: Options): JobScheduler {
  const { db, clock, log } = options;
  const onRunEnd = options.onRunEnd ?? (() => undefined);
  const schema = jobsSchemaOf(options.config);
  const jobs = new Map<string, Job>();
  const inFlight = new Map<string, Promise<unknown>>();
  const tickers: NodeJS.Timeout[] = [];
  let boss: PgBoss | null = null;
  let isRunning = false;

  /** One run in this process with its own request id, recorded and measured; rejects when the job failed. */
  async function runOnce(job: Job, runId: string): Promise<void> {
    const previous = inFlight.get(job.name);
    if (previous) await previous.catch(() => undefined);
    const run = runWithRequestId(`job-${job.name}-${runId}`, async () => {
      const started = performance.now();
      await recordJobStart(db.kysely, job.name, clock.now());
      let error: unknown = null;
      try {
        await job.run();
      } catch (caught) {
        error = caught ?? new Error('job failed');
        log.error({ err: caught, job: job.name }, 'background job failed');
      }
      onRunEnd(job.name, (performance.now() - started) / 1000, error !== null);
      await recordJobEnd(db.kysely, job.name, {
        at: clock.now(),
        error: error === null ? null : error instanceof Error ? error.message : String(error),
      }).catch((recordError: unknown) =>
        log.error({ err: recordError, job: job.name }, 'job state not recorded'),
      );
      if (error !== null) throw error;
    });
    inFlight.set(job.name, run);
    try {
      await run;
    } finally {
      if (inFlight.get(job.name) === run) inFlight.delete(job.name);
    }
  }

  async function sendPeriod(engine: PgBoss, job: Job) {
    try {
      // A run still waiting, retrying or active is this period's run: a second one beside it would find the retry
      // place taken when it fails and die at its first failure.
      if ((await engine.getQueueSize(job.name, { before: 'completed' })) > 0) return;
      await engine.send(
        job.name,
        {},
        { singletonKey: job.name, singletonSeconds: periodSecondsOf(job.intervalMs) },
      );
    } catch (error) {
      log.warn({ err: error, job: job.name }, 'job run not sent');
    }
  }

  async function startEngine(engine: PgBoss) {
    engine.on('error', (error) => log.error({ err: error }, 'job engine error'));
    await engine.start();
    await engine.createQueue(DEAD_LETTER_QUEUE);
    for (const job of jobs.values()) {
      const periodSeconds = periodSecondsOf(job.intervalMs);
      const queue = {
        name: job.name,
        policy: 'stately',
        retryLimit: JOB_RETRY_LIMIT,
        retryDelay: job.retryDelaySeconds ?? Math.min(periodSeconds, 60),
        retryBackoff: true,
        expireInSeconds: expireSecondsOf(periodSeconds),
        deadLetter: DEAD_LETTER_QUEUE,
      } as const;
      // createQueue keeps an existing queue's options, so a changed period or retry setting is applied with update.
      await engine.createQueue(job.name, queue);
      await engine.updateQueue(job.name, queue);
      await engine.work(
        job.name,
        { pollingIntervalSeconds: Math.min(2, Math.max(0.5, periodSeconds / 4)), batchSize: 1 },
        async ([run]) => {
          if (run) await runOnce(job, run.id);
          return { node };
        },
      );
      const tick = () => void sendPeriod(engine, job);
      tick();
      const timer = setInterval(tick, Math.max(500, Math.min(job.intervalMs / 2, 60_000)));
      timer.unref();
      tickers.push(timer);
    }
  }

  return {
    add(job) {
      if (jobs.has(job.name)) throw new Error(`job ${job.name} is registered twice`);
      if (boss) throw new Error(`job ${job.name} registered after the engine started`);
      jobs.set(job.name, job);
    },
    async start() {
      if (boss) return;
      const engine = createBoss(options.config, db);
      boss = engine;
      try {
        await startEngine(engine);
      } catch (error) {
        // Nothing half-started stays behind: the tickers and pg-boss's pool end with the failed start.
        boss = null;
        for (const timer of tickers.splice(0)) clearInterval(timer);
        await engine.stop({ graceful: false, wait: true }).catch(() => undefined);
        throw error;
      }
      isRunning = true;
      engine.on('stopped', () => {
        isRunning = false;
      });
      log.info({ schema, jobs: [...jobs.keys()] }, 'job engine started');
    },
    async stop() {
      for (const timer of tickers.splice(0)) clearInterval(timer);
      const engine = boss;
      boss = null;
      isRunning = false;
      if (engine) await engine.stop({ graceful: true, wait: true, timeout: JOB_STOP_TIMEOUT_MS });
      await Promise.allSettled(inFlight.values());
    },
    async runNow(name) {
      const job = jobs.get(name);
      if (!job) throw new Error(`no job named ${name}`);
      await runOnce(job, randomUUID()).catch(() => undefined);
    },
    async listFailed(limit) {
      if (!boss) return [];
      return listFailedRuns(db, schema, [...jobs.keys()], limit);
    },
    async retryDead(id) {
      if (!boss) return null;
      const name = await findDeadRunJob(db, schema, id);
      if (!name || !jobs.has(name)) return null;
      try {
        const result = (await boss.retry(name, id)) as unknown as { affected: number };
        return result.affected > 0 ? name : null;
      } catch (error) {
        // A stately queue holds one waiting run: the dead one cannot wait beside it.
        if ((error as { code?: string }).code === '23505') return 'busy';
        throw error;
      }
    },
    get isRunning() {
      return isRunning;
    },
    get jobNames() {
      return [...jobs.keys()];
    },
    get jobs() {
      return [...jobs.values()];
    },
  };
}
