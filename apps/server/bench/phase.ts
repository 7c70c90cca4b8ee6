/** A closed-loop, time-bounded load phase and its figures (shared by bench/run.ts and bench/load.ts). */
export type PhaseResult = {
  name: string;
  ops: number;
  seconds: number;
  rate: number;
  p50: number;
  p99: number;
  errors: number;
};

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** `concurrency` loops, each doing `op` back to back until the deadline: a closed loop, bounded in time. */
export async function runPhase(
  name: string,
  seconds: number,
  concurrency: number,
  op: (worker: number) => Promise<void>,
): Promise<PhaseResult> {
  const latencies: number[] = [];
  let errors = 0;
  let firstError: unknown;
  const start = performance.now();
  const deadline = start + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        try {
          await op(worker);
          latencies.push(performance.now() - t0);
        } catch (error) {
          errors += 1;
          firstError ??= error;
        }
      }
    }),
  );
  const elapsed = (performance.now() - start) / 1000;
  if (firstError) console.warn(`[bench] ${name}: ${errors} errors, first:`, firstError);
  latencies.sort((a, b) => a - b);
  return {
    name,
    ops: latencies.length,
    seconds: elapsed,
    rate: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors,
  };
}
