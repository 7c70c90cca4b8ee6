import { isApiError } from '@/lib/api-client';

/** A random UUID v4; crypto.randomUUID needs a secure context, getRandomValues does not. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Server codes that say "not answered" rather than "refused": the call may be sent again under its key. */
const UNANSWERED_CODES = new Set(['INTERNAL_SERVER_ERROR', 'SERVICE_UNAVAILABLE', 'REQUEST_TIMEOUT']);

/**
 * True when a failed money call may have moved money anyway (no answer, time-out, a gateway's 5xx without the
 * server's message, the server's own "unavailable"): the outcome is only known by sending the same submission again
 * under its Idempotency-Key, which the server applies at most once. A catalogued refusal (400s, 409s, a 502
 * TRANSFER_FAIL) is a definite answer.
 */
export function isOutcomeUnknown(error: unknown): boolean {
  if (!isApiError(error)) return true;
  if (error.status === 0 || error.status === 408 || UNANSWERED_CODES.has(error.code)) return true;
  return error.status >= 500 && !error.isCatalogued;
}

/**
 * One Idempotency-Key per submission attempt (D3). A new submission (other values, or after a definite answer)
 * gets a new key; retrying the same values after an unknown outcome keeps the key.
 */
export function createIdempotencyKeeper(generate: () => string = newIdempotencyKey) {
  let pending: { fingerprint: string; key: string } | null = null;
  return {
    keyFor(fingerprint: string): string {
      if (pending?.fingerprint === fingerprint) return pending.key;
      pending = { fingerprint, key: generate() };
      return pending.key;
    },
    /** Call with the outcome: only an unknown outcome keeps the key for a retry. */
    settle(error?: unknown): void {
      if (error === undefined || !isOutcomeUnknown(error)) pending = null;
    },
  };
}
