import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** What the ledger gauges read at each scrape (modules/ledger ledgerHealth). */
export type LedgerHealth = {
  pending: { kind: string; count: number; oldest: Date | null }[];
  posted: { kind: string; count: number }[];
};

export type Metrics = {
  readonly contentType: string;
  observeRequest(labels: { method: string; route: string; status: number }, seconds: number): void;
  observeJob(job: string, seconds: number, isFailed: boolean): void;
  render(): Promise<string>;
};

/**
 * The Prometheus metrics of one server process (docs/operations.md#metrics), in a registry of its own so several apps
 * in one process (tests) never share counters. Ledger figures are read from the database at scrape time, so every
 * process reports the same whole-system values; request and job figures are this process's.
 */
export function createMetrics(options: {
  ledgerHealth: () => Promise<LedgerHealth>;
  now: () => Date;
}): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'mekong_' });

  const requests = new Histogram({
    name: 'mekong_http_request_duration_seconds',
    help: 'API request latency by route (the route pattern, never the raw URL) and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const jobRuns = new Histogram({
    name: 'mekong_job_duration_seconds',
    help: 'Background job run time by job',
    labelNames: ['job'],
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300],
    registers: [registry],
  });
  const jobFailures = new Counter({
    name: 'mekong_job_failures_total',
    help: 'Background job runs that ended in an error',
    labelNames: ['job'],
    registers: [registry],
  });
  const lastSuccess = new Map<string, number>();
  new Gauge({
    name: 'mekong_job_last_success_age_seconds',
    help: 'Seconds since the job last ran without error in this process (for the reconciliation jobs: the reconciliation lag)',
    labelNames: ['job'],
    registers: [registry],
    collect() {
      const now = options.now().getTime();
      for (const [job, at] of lastSuccess) this.set({ job }, (now - at) / 1000);
    },
  });

  let ledgerRead: Promise<LedgerHealth> | null = null;
  // One database read per scrape serves all three ledger gauges.
  const readLedger = () => {
    ledgerRead ??= options.ledgerHealth().finally(() => {
      setTimeout(() => (ledgerRead = null), 1000).unref();
    });
    return ledgerRead;
  };
  new Gauge({
    name: 'mekong_ledger_pending_transfers',
    help: 'Ledger transfers still pending, by kind',
    labelNames: ['kind'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of (await readLedger()).pending) this.set({ kind: row.kind }, row.count);
    },
  });
  new Gauge({
    name: 'mekong_ledger_pending_oldest_age_seconds',
    help: 'Age of the oldest pending ledger transfer, by kind',
    labelNames: ['kind'],
    registers: [registry],
    async collect() {
      this.reset();
      const now = options.now().getTime();
      for (const row of (await readLedger()).pending)
        if (row.oldest) this.set({ kind: row.kind }, (now - row.oldest.getTime()) / 1000);
    },
  });
  new Gauge({
    name: 'mekong_ledger_posted_transfers_24h',
    help: 'Ledger transfers posted in the last 24 hours, by kind (deposits, withdrawals, transfers, bonuses)',
    labelNames: ['kind'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of (await readLedger()).posted) this.set({ kind: row.kind }, row.count);
    },
  });

  return {
    contentType: registry.contentType,
    observeRequest({ method, route, status }, seconds) {
      requests.observe({ method, route, status: String(status) }, seconds);
    },
    observeJob(job, seconds, isFailed) {
      jobRuns.observe({ job }, seconds);
      if (isFailed) jobFailures.inc({ job });
      else lastSuccess.set(job, options.now().getTime());
    },
    render: () => registry.metrics(),
  };
}
