import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createJobScheduler } from '@/jobs/job-scheduler.ts';

const log = pino({ level: 'silent' });

describe('job scheduler', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs nothing until started, then every interval without overlapping runs', async () => {
    vi.useFakeTimers();
    const scheduler = createJobScheduler(log);
    let runs = 0;
    let concurrent = 0;
    let maxConcurrent = 0;
    scheduler.add({
      name: 'slow',
      intervalMs: 100,
      run: async () => {
        runs += 1;
        concurrent += 1;
        maxConcurrent = Math.max(maxConcurrent, concurrent);
        await new Promise((resolve) => setTimeout(resolve, 250));
        concurrent -= 1;
      },
    });
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(0);
    scheduler.start();
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBeGreaterThanOrEqual(2);
    expect(maxConcurrent).toBe(1);
    const stopping = scheduler.stop();
    await vi.advanceTimersByTimeAsync(300);
    await stopping;
    const after = runs;
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(after);
  });

  it('keeps going after a failing run and can run a job on demand', async () => {
    const scheduler = createJobScheduler(log);
    let runs = 0;
    scheduler.add({
      name: 'flaky',
      intervalMs: 60_000,
      run: async () => {
        runs += 1;
        if (runs === 1) throw new Error('boom');
      },
    });
    await scheduler.runNow('flaky');
    await scheduler.runNow('flaky');
    expect(runs).toBe(2);
    await expect(scheduler.runNow('missing')).rejects.toThrow(/no job/);
    expect(() => scheduler.add({ name: 'flaky', intervalMs: 1, run: async () => {} })).toThrow();
  });
});
