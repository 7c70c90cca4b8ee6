import { randomUUID } from 'node:crypto';
import type { CounterStore, RateRule } from '@/store/counter-store.ts';

type Entry = { id: string; at: number; windowMs: number };

/** Counters in this process's memory: right for a single server process. */
export function createMemoryCounterStore(): CounterStore {
  const events = new Map<string, Entry[]>();
  // Windows follow the callers' clock (which tests move), so the sweep uses the latest time a caller passed in.
  let latestNow = 0;

  const live = (key: string, windowMs: number, now: number): Entry[] => {
    latestNow = Math.max(latestNow, now);
    const list = (events.get(key) ?? []).filter((e) => e.at > now - windowMs);
    if (list.length === 0) events.delete(key);
    else events.set(key, list);
    return list;
  };

  // Entries carry their own window, so a periodic sweep can drop keys nobody asks about any more.
  const sweep = setInterval(() => {
    const now = latestNow;
    for (const [key, list] of events) {
      const kept = list.filter((e) => e.at > now - e.windowMs);
      if (kept.length === 0) events.delete(key);
      else events.set(key, kept);
    }
  }, 60_000);
  sweep.unref();

  const record = (key: string, windowMs: number, now: number, id: string) => {
    const list = live(key, windowMs, now);
    list.push({ id, at: now, windowMs });
    events.set(key, list);
    return list.length;
  };

  return {
    async consume(rules: RateRule[], now: number) {
      let failedRule = -1;
      let retryAt = now;
      for (const [i, rule] of rules.entries()) {
        const list = live(rule.key, rule.windowMs, now);
        if (list.length < rule.limit) continue;
        if (failedRule < 0) failedRule = i;
        const times = list.map((e) => e.at).sort((a, b) => a - b);
        const leaving = times[Math.max(0, times.length - rule.limit)] ?? now;
        retryAt = Math.max(retryAt, leaving + rule.windowMs);
      }
      if (failedRule >= 0) return { isAllowed: false, failedRule, retryAt };
      const entryId = randomUUID();
      const counts = rules.map((rule) => record(rule.key, rule.windowMs, now, entryId));
      return { isAllowed: true, entryId, counts };
    },
    async add(key, windowMs, now) {
      return record(key, windowMs, now, randomUUID());
    },
    async count(key, windowMs, now) {
      return live(key, windowMs, now).length;
    },
    async remove(key, entryId) {
      const list = events.get(key);
      if (!list) return;
      const kept = list.filter((e) => e.id !== entryId);
      if (kept.length === 0) events.delete(key);
      else events.set(key, kept);
    },
    async clear(key) {
      events.delete(key);
    },
    async ping() {},
    async close() {
      clearInterval(sweep);
      events.clear();
    },
  };
}
