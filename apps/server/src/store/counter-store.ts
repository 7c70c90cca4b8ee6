/** A sliding-window limit: at most `limit` events per `windowMs` under `key`. */
export type RateRule = { key: string; limit: number; windowMs: number };

/**
 * A refusal names the first full rule and when every full rule has room again (epoch ms): the oldest event that must
 * leave its window for the try to be admitted, plus the window (docs/decisions/0009-account-security.md#retry-time).
 */
export type ConsumeResult =
  | { isAllowed: true; entryId: string; counts: number[] }
  | { isAllowed: false; failedRule: number; retryAt: number };

/**
 * Sliding-window event counters for rate limits and lock-outs (docs/design.md#running). Time is passed in (`now`, epoch ms)
 * so the injected clock governs the windows; real expiry only cleans up.
 */
export type CounterStore = {
  /** Atomically: if every rule has room, records one event under every key; otherwise records nothing. */
  consume(rules: RateRule[], now: number): Promise<ConsumeResult>;
  /** Records one event and returns how many events the key holds in the window. */
  add(key: string, windowMs: number, now: number): Promise<number>;
  count(key: string, windowMs: number, now: number): Promise<number>;
  /** Takes back one recorded event (e.g. a send that never happened). */
  remove(key: string, entryId: string): Promise<void>;
  clear(key: string): Promise<void>;
  /** Resolves when the store answers (readiness, /health/ready); throws SERVICE_UNAVAILABLE when it does not. */
  ping(): Promise<void>;
  close(): Promise<void>;
};
