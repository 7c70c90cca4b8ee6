import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { CounterStore } from '@/store/counter-store.ts';
import { createMemoryCounterStore } from '@/store/memory-counter-store.ts';
import { createRedisCounterStore } from '@/store/redis-counter-store.ts';

const stores: [string, () => CounterStore][] = [['memory', createMemoryCounterStore]];
const redisUrl = process.env.REDIS_URL;
if (redisUrl)
  stores.push([
    'redis',
    () => createRedisCounterStore(redisUrl, `test:${randomBytes(6).toString('hex')}:`),
  ]);

describe.each(stores)('%s counter store', (_name, create) => {
  const store = create();
  afterAll(async () => {
    for (const key of ['a', 'b1', 'b2', 'c', 'd', 'e1', 'e2']) await store.clear(key);
    await store.close();
  });
  const T = 1_800_000_000_000;

  it('allows up to the limit within the window, then again once the window slides', async () => {
    const rule = { key: 'a', limit: 2, windowMs: 1000 };
    expect((await store.consume([rule], T)).isAllowed).toBe(true);
    expect((await store.consume([rule], T + 100)).isAllowed).toBe(true);
    // Room again when the oldest event leaves the window.
    expect(await store.consume([rule], T + 200)).toEqual({
      isAllowed: false,
      failedRule: 0,
      retryAt: T + 1000,
    });
    expect((await store.consume([rule], T + 1000)).isAllowed).toBe(true);
    expect(await store.count('a', 1000, T + 1000)).toBe(2);
  });

  it('records under every key or none, and names the first full rule', async () => {
    const rules = [
      { key: 'b1', limit: 5, windowMs: 1000 },
      { key: 'b2', limit: 1, windowMs: 1000 },
    ];
    const first = await store.consume(rules, T);
    expect(first).toMatchObject({ isAllowed: true, counts: [1, 1] });
    expect(await store.consume(rules, T)).toEqual({ isAllowed: false, failedRule: 1, retryAt: T + 1000 });
    expect(await store.count('b1', 1000, T)).toBe(1);
  });

  it('takes back one event and clears a key', async () => {
    const rule = { key: 'c', limit: 1, windowMs: 60_000 };
    const first = await store.consume([rule], T);
    if (!first.isAllowed) throw new Error('expected room');
    await store.remove('c', first.entryId);
    expect((await store.consume([rule], T)).isAllowed).toBe(true);
    expect(await store.add('c', 60_000, T)).toBe(2);
    await store.clear('c');
    expect(await store.count('c', 60_000, T)).toBe(0);
  });

  it('tells when every full rule has room again, the latest of them', async () => {
    const rules = [
      { key: 'e1', limit: 2, windowMs: 1000 },
      { key: 'e2', limit: 1, windowMs: 5000 },
    ];
    expect((await store.consume(rules, T)).isAllowed).toBe(true);
    expect((await store.consume([rules[0]!], T + 300)).isAllowed).toBe(true);
    expect(await store.consume(rules, T + 400)).toEqual({
      isAllowed: false,
      failedRule: 0,
      retryAt: T + 5000,
    });
  });

  it('never lets parallel callers overshoot a limit', async () => {
    const rule = { key: 'd', limit: 3, windowMs: 60_000 };
    const results = await Promise.all(Array.from({ length: 20 }, () => store.consume([rule], T)));
    expect(results.filter((r) => r.isAllowed)).toHaveLength(3);
  });
});
