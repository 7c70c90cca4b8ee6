import { describe, expect, it } from 'vitest';
import { createBatchLoader } from '@/lib/batch-loader.ts';

describe('createBatchLoader', () => {
  it('gathers the keys asked for in one turn into one call and answers each its own value', async () => {
    const calls: string[][] = [];
    const loader = createBatchLoader(async (keys: readonly string[]) => {
      calls.push([...keys]);
      return new Map(keys.filter((k) => k !== 'missing').map((k) => [k, k.toUpperCase()]));
    });
    const first = await Promise.all([loader.load('a'), loader.load('b'), loader.load('missing')]);
    expect(first).toEqual(['A', 'B', undefined]);
    const second = await loader.load('c');
    expect(second).toBe('C');
    expect(calls).toEqual([['a', 'b', 'missing'], ['c']]);
  });

  it('keys that arrive from separate callbacks of one event-loop turn share the batch', async () => {
    const calls: number[][] = [];
    const loader = createBatchLoader(async (keys: readonly number[]) => {
      calls.push([...keys]);
      return new Map(keys.map((k) => [k, k * 2]));
    });
    // Two callbacks of the same turn, each ending with its own microtask queue drained. Two immediates queued
    // together always run in one check phase; two 0 ms timers may fall either side of a millisecond and run in
    // different turns, which made this test flaky in CI.
    const results = await new Promise<number[]>((resolve) => {
      const out: Promise<number | undefined>[] = [];
      setImmediate(() => out.push(loader.load(1)));
      setImmediate(() => {
        out.push(loader.load(2));
        void Promise.all(out).then((values) => resolve(values.map(Number)));
      });
    });
    expect(results).toEqual([2, 4]);
    expect(calls).toEqual([[1, 2]]);
  });

  it('a failed call fails every key of its batch, and the next batch is tried afresh', async () => {
    let isBroken = true;
    const loader = createBatchLoader(async (keys: readonly string[]) => {
      if (isBroken) throw new Error('database down');
      return new Map(keys.map((k) => [k, k]));
    });
    const failed = await Promise.allSettled([loader.load('a'), loader.load('b')]);
    expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    isBroken = false;
    expect(await loader.load('a')).toBe('a');
  });

  it('splits a batch larger than its maximum size', async () => {
    const sizes: number[] = [];
    const loader = createBatchLoader(
      async (keys: readonly number[]) => {
        sizes.push(keys.length);
        return new Map(keys.map((k) => [k, k]));
      },
      { maxBatchSize: 3 },
    );
    await Promise.all([1, 2, 3, 4, 5, 6, 7].map((k) => loader.load(k)));
    expect(sizes).toEqual([3, 3, 1]);
  });
});
