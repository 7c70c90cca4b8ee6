import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { AppError } from '@/lib/app-error.ts';
import type { ConsumeResult, CounterStore, RateRule } from '@/store/counter-store.ts';

// Sorted sets scored by event time. Scripts run atomically in Redis, so concurrent servers cannot overshoot a limit.
// KEYS: the rule keys. ARGV: now, entryId, then limit and window per key.
const CONSUME = `
local now = tonumber(ARGV[1])
local failed = 0
local retry = now
for i = 1, #KEYS do
  local limit = tonumber(ARGV[1 + 2 * i])
  local window = tonumber(ARGV[2 + 2 * i])
  redis.call('ZREMRANGEBYSCORE', KEYS[i], '-inf', now - window)
  local card = redis.call('ZCARD', KEYS[i])
  if card >= limit then
    if failed == 0 then failed = i end
    local leaving = now
    local oldest = redis.call('ZRANGE', KEYS[i], math.max(0, card - limit), math.max(0, card - limit), 'WITHSCORES')
    if oldest[2] then leaving = tonumber(oldest[2]) end
    if leaving + window > retry then retry = leaving + window end
  end
end
if failed > 0 then return {0, failed, tostring(retry)} end
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
  // Each failed call is answered SERVICE_UNAVAILABLE (below); the client's reconnect attempts need no other report.
  redis.on('error', () => undefined);
  const k = (key: string) => `${prefix}${key}`;

  // Redis unreachable: the call cannot be counted, so it is refused as a passing outage, not a bug (a 503 with a code).
  const orUnavailable = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      throw new AppError('SERVICE_UNAVAILABLE', { cause: error });
    }
  };

  return {
    consume: (rules: RateRule[], now: number) =>
      orUnavailable(async (): Promise<ConsumeResult> => {
        const entryId = randomUUID();
        const args = [now, entryId, ...rules.flatMap((r) => [r.limit, r.windowMs])].map(String);
        const result = (await redis.eval(
          CONSUME,
          rules.length,
          ...rules.map((r) => k(r.key)),
          ...args,
        )) as (number | string)[];
        if (result[0] === 0)
          return {
            isAllowed: false,
            failedRule: Number(result[1] ?? 1) - 1,
            retryAt: Number(result[2] ?? now),
          };
        return { isAllowed: true, entryId, counts: result.slice(1).map(Number) };
      }),
    add: (key, windowMs, now) =>
      orUnavailable(async () =>
        Number(await redis.eval(ADD, 1, k(key), String(now), String(windowMs), randomUUID())),
      ),
    count: (key, windowMs, now) =>
      orUnavailable(async () =>
        Number(await redis.eval(COUNT, 1, k(key), String(now), String(windowMs))),
      ),
    remove: (key, entryId) =>
      orUnavailable(async () => {
        await redis.zrem(k(key), entryId);
      }),
    clear: (key) =>
      orUnavailable(async () => {
        await redis.del(k(key));
      }),
    ping: () =>
      orUnavailable(async () => {
        await redis.ping();
      }),
    async close() {
      // quit() waits for a connection that may never come back.
      if (redis.status === 'ready') await redis.quit();
      else redis.disconnect();
    },
  };
}
