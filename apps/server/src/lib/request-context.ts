import { randomUUID } from 'node:crypto';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage } from 'node:http';

/** The id of the request (or background job run) this code runs for, carried to every outside call (docs/operations.md). */
const storage = new AsyncLocalStorage<{ requestId: string }>();

export const REQUEST_ID_HEADER = 'x-request-id';
const GIVEN_ID = /^[A-Za-z0-9._:-]{8,64}$/;

/** Fastify's `genReqId`: a caller's (a balancer's) well-formed `X-Request-Id` is kept, anything else replaced. */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && GIVEN_ID.test(given) ? given : randomUUID();
}

export function runWithRequestId<T>(requestId: string, run: () => T): T {
  return storage.run({ requestId }, run);
}

export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

/** Headers every adapter adds to its outside calls: the request id, when there is one. */
export function outsideCallHeaders(): Record<string, string> {
  const requestId = currentRequestId();
  return requestId ? { [REQUEST_ID_HEADER]: requestId } : {};
}
