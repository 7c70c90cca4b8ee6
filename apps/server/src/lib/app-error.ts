import { statusOf, type MessageCode } from '@mekong/contracts/messages';

/** When a refused call may be tried again: the instant, and the seconds from the refusal (the Retry-After header). */
export type RetryTime = { at: Date; afterSeconds: number };

/** A failure the client is told about: answered as `{ message: code }` with the catalogue status (D11). */
export class AppError extends Error {
  override name = 'AppError';
  readonly code: MessageCode;
  readonly statusCode: number;
  /** A limit's end (docs/decisions/0009-account-security.md#retry-time): sent as `retryAt` and Retry-After. */
  readonly retry: RetryTime | undefined;

  constructor(code: MessageCode, options?: { cause?: unknown; retry?: RetryTime }) {
    super(code, options);
    this.code = code;
    this.statusCode = statusOf(code);
    this.retry = options?.retry;
  }
}

/** A limit reached at `now` (epoch ms) that has room again at `retryAt` (epoch ms). */
export function limitError(code: MessageCode, retryAt: number, now: number): AppError {
  const at = Math.max(retryAt, now);
  return new AppError(code, {
    retry: { at: new Date(at), afterSeconds: Math.max(1, Math.ceil((at - now) / 1000)) },
  });
}
