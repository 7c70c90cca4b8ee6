import type { z } from 'zod';
import { CLIENT_HEADER } from './constants.ts';
import type { Contract } from './contract.ts';

/**
 * What the member web app's and the back office's API clients share: the shape of a call of one contract, its
 * headers, and the message code of a failed answer. Each client keeps its own transport (time-out, errors, session).
 */

/** The options every client's call takes: the JSON body (as its schema reads it), path parameters, a cancel signal. */
export type ContractCallOptions<TBody> = {
  body?: TBody extends z.ZodType ? z.input<TBody> : never;
  params?: Record<string, string | number>;
  signal?: AbortSignal;
};

/** A client's call of one contract, answering what the contract's response schema parsed; `TMore`: its own options. */
export type ContractCaller<TMore = object> = <
  TBody extends z.ZodType | undefined,
  TResponse extends z.ZodType,
  TParams extends z.ZodType | undefined,
>(
  contract: Contract<TBody, TResponse, TParams>,
  options?: ContractCallOptions<TBody> & TMore,
) => Promise<z.output<TResponse>>;

/**
 * A call's headers: `more` (an accept, an Idempotency-Key), the client's marker, the bearer token when signed in, and
 * the JSON content type when a JSON body goes with the call.
 */
export function callHeaders(call: {
  client: string;
  token: string | null;
  hasJsonBody: boolean;
  more?: Record<string, string>;
}): Record<string, string> {
  const headers: Record<string, string> = { ...call.more, [CLIENT_HEADER]: call.client };
  if (call.token) headers.authorization = `Bearer ${call.token}`;
  if (call.hasJsonBody) headers['content-type'] = 'application/json';
  return headers;
}

/** The message code a failed call's answer carries (`{ message }`), or null when it has none. */
export function messageOf(payload: unknown): string | null {
  const message =
    payload && typeof payload === 'object' && 'message' in payload ? payload.message : null;
  return typeof message === 'string' ? message : null;
}

/**
 * When a refused call may be tried again (the error body's `retryAt`, error-body.ts), or null; read without the
 * validation library, which the first pages do not load (docs/decisions/0017-first-load.md).
 */
export function retryAtOf(payload: unknown): Date | null {
  const value =
    payload && typeof payload === 'object' && 'retryAt' in payload ? payload.retryAt : null;
  if (typeof value !== 'string') return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at;
}
