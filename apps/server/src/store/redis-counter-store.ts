import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { ConsumeResult, CounterStore, RateRule } from '@/store/counter-store.ts';

// Sorted sets scored by event time. Scripts run atomically in Redis, so concurrent servers cannot overshoot a limit.
// KEYS: the rule keys. ARGV: now, entryId, then limit and window per key.
const CONSUME = `
local now = tonumber(ARGV[1])
for i = 1, #KEYS do
  local limit = tonumber(ARGV[1 + 2 * i])
  local window = tonumber(ARGV[2 + 2 * i])
  redis.call('ZREMRANGEBYSCORE', KEYS[i], '-inf', now - window)
  if redis.call('ZCARD', KEYS[i]) >= limit then return {0, i} end
end
local counts = {1}
for i = 1, #KEYS do
  local window = tonumber(ARGV[2 + 2 * i])
  redis.call('ZADD', KEYS[i], now, ARGV[2])
  redis.call('PEXPIRE', KEYS[i], window)
  table.insert(counts, redis.call('ZCARD', KEYS[i]))
end
return counts
`;

const ADD = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
redis.call('ZADD', KEYS[1], now, ARGV[3])
redis.call('PEXPIRE', KEYS[1], window)
return redis.call('ZCARD', KEYS[1])
`;

const COUNT = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', tonumber(ARGV[1]) - tonumber(ARGV[2]))
return redis.call('ZCARD', KEYS[1])
`;

/** Counters in Redis, shared by every server process. Every key starts with `prefix`. */
export function createRedisCounterStore(url: string, prefix: string): CounterStore {
  const redis = new Redis(url, {
    maxRetriesPerRequest: 2,
    enableOfflineQueue: true,
    lazyConnect: false,
  });
  const k = (key: string) => `${prefix}${key}`;

  return {
    async consume(rules: RateRule[], now: number): Promise<ConsumeResult> {
      const entryId = randomUUID();
      const args = [now, entryId, ...rules.flatMap((r) => [r.limit, r.windowMs])].map(String);
      const result = (await redis.eval(
        CONSUME,
        rules.length,
        ...rules.map((r) => k(r.key)),
        ...args,
      )) as number[];
      if (result[0] === 0) return { isAllowed: false, failedRule: (result[1] ?? 1) - 1 };
      return { isAllowed: true, entryId, counts: result.slice(1) };
    },
    async add(key, windowMs, now) {
      return Number(await redis.eval(ADD, 1, k(key), String(now), String(windowMs), randomUUID()));
    },
    async count(key, windowMs, now) {
      return Number(await redis.eval(COUNT, 1, k(key), String(now), String(windowMs)));
    },
    async remove(key, entryId) {
      await redis.zrem(k(key), entryId);
    },
    async clear(key) {
      await redis.del(k(key));
    },
    async close() {
      await redis.quit();
    },
  };
}
