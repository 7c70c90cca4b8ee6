import type { FastifyRequest } from 'fastify';
import { IDEMPOTENCY_HEADER } from '@mekong/contracts/constants';
import { AppError } from '@/lib/app-error.ts';
import { isUuid } from '@/lib/uuid.ts';

/** The Idempotency-Key header (docs/design.md#money), a UUID, normalised; null when absent. A malformed key is KEY_INVALID. */
export function optionalIdempotencyKeyOf(request: FastifyRequest): string | null {
  const value = request.headers[IDEMPOTENCY_HEADER];
  if (value === undefined || value === '') return null;
  if (typeof value !== 'string' || !isUuid(value.trim())) throw new AppError('KEY_INVALID');
  return value.trim().toLowerCase();
}

/** Every money-moving call carries the key: KEY_MISSING without one. */
export function idempotencyKeyOf(request: FastifyRequest): string {
  const key = optionalIdempotencyKeyOf(request);
  if (key === null) throw new AppError('KEY_MISSING');
  return key;
}
