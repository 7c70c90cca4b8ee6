import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { createIdempotencyKeeper, isOutcomeUnknown, newIdempotencyKey } from '@/lib/idempotency';

describe('idempotency keys', () => {
  it('are UUID v4', () => {
    expect(newIdempotencyKey()).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(newIdempotencyKey()).not.toBe(newIdempotencyKey());
  });

  it('reuses the key when the same submission is retried after an unknown outcome', () => {
    let n = 0;
    const keeper = createIdempotencyKeeper(() => `k${++n}`);
    expect(keeper.keyFor('a')).toBe('k1');
    keeper.settle(new ApiError('REQUEST_TIMEOUT', 408));
    expect(keeper.keyFor('a')).toBe('k1');
    keeper.settle(new ApiError('SERVICE_UNAVAILABLE', 0));
    expect(keeper.keyFor('a')).toBe('k1');
  });

  it('takes a new key for other values, after success and after a definite refusal', () => {
    let n = 0;
    const keeper = createIdempotencyKeeper(() => `k${++n}`);
    expect(keeper.keyFor('a')).toBe('k1');
    keeper.settle(new ApiError('REQUEST_TIMEOUT', 408));
    expect(keeper.keyFor('b')).toBe('k2');
    keeper.settle(new ApiError('MONEY_NOT_ENOUGH', 400));
    expect(keeper.keyFor('b')).toBe('k3');
    keeper.settle();
    expect(keeper.keyFor('b')).toBe('k4');
  });

  it('treats time-outs, lost connections and 5xx other than a definite TRANSFER_FAIL as unknown', () => {
    expect(isOutcomeUnknown(new ApiError('INTERNAL_SERVER_ERROR', 500))).toBe(true);
    expect(isOutcomeUnknown(new ApiError('Bad Gateway', 504))).toBe(true);
    expect(isOutcomeUnknown(new TypeError('fetch failed'))).toBe(true);
    expect(isOutcomeUnknown(new ApiError('Bad Gateway', 502))).toBe(true);
    expect(isOutcomeUnknown(new ApiError('SERVICE_UNAVAILABLE', 503))).toBe(true);
    expect(isOutcomeUnknown(new ApiError('SERVICE_UNAVAILABLE', 502))).toBe(true);
    expect(isOutcomeUnknown(new ApiError('TRANSFER_FAIL', 502))).toBe(false);
    expect(isOutcomeUnknown(new ApiError('TRUELINK_DUPLICATE', 409))).toBe(false);
    expect(isOutcomeUnknown(new ApiError('TRANSFER_MINIMUM', 400))).toBe(false);
  });
});
