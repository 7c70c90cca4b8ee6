import { errorBodySchema } from '@mekong/contracts/error-body';
import { expect } from 'vitest';

type Answer = { statusCode: number; headers: Record<string, unknown>; json(): unknown };

/**
 * A limit's answer (docs/decisions/0009-account-security.md#retry-time): 429 with the code, `retryAt` the instant the
 * window has room again, and Retry-After the whole seconds from `now` to it.
 */
export function expectLimit(answer: Answer, code: string, retryAt: number, now: number): void {
  expect(answer.statusCode).toBe(429);
  expect(errorBodySchema.parse(answer.json())).toEqual({
    message: code,
    retryAt: new Date(retryAt).toISOString(),
  });
  expect(answer.headers['retry-after']).toBe(String(Math.max(1, Math.ceil((retryAt - now) / 1000))));
}
