import { z } from 'zod';

/**
 * Every error answer (docs/design.md#errors): the catalogue code, and for a limit (REQUEST_LIMIT, REQUEST_LIMIT_1MIN)
 * the instant the limit's window has room again, which the server also sends as a Retry-After header in seconds
 * (docs/decisions/0009-account-security.md#retry-time).
 */
export const errorBodySchema = z.strictObject({
  message: z.string(),
  retryAt: z.iso.datetime().optional(),
});

export type ErrorBody = z.output<typeof errorBodySchema>;
