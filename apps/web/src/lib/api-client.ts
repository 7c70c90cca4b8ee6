import { CLIENT_HEADER, CLIENT_HEADER_VALUE, REQUEST_TIMEOUT_MS } from '@mekong/contracts/constants';
import { buildPath, type Contract } from '@mekong/contracts/contract';
import { isMessageCode, sessionEndedCodes } from '@mekong/contracts/messages';
import type { z } from 'zod';
import { API_BASE_URL } from '@/lib/config';
import { beginLoading } from '@/lib/loading-store';
import { getToken } from '@/lib/session';

/** A failed call. `code` is a catalogue code when the server sent one, otherwise the raw message. */
export class ApiError extends Error {
  readonly code: string;
  readonly status: number;

  constructor(code: string, status: number) {
    super(code);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
  }

  get isCatalogued(): boolean {
    return isMessageCode(this.code);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

type SessionHandlers = {
  /** Token invalid or identity not verifiable: forget the session and go to /login. */
  onSessionEnded: () => void;
  /** The service is terminated: go to /terminated. */
  onGone: () => void;
};

let handlers: SessionHandlers = { onSessionEnded: () => {}, onGone: () => {} };

export function setSessionHandlers(next: SessionHandlers): void {
  handlers = next;
}

type BodyInput<TBody> = TBody extends z.ZodType ? z.input<TBody> : never;

export type CallOptions<TBody> = {
  body?: BodyInput<TBody>;
  params?: Record<string, string | number>;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Extra headers, e.g. the Idempotency-Key of a money call. */
  headers?: Record<string, string>;
  /** A multipart body (file uploads); the browser sets the content type with its boundary. */
  formData?: FormData;
};

const sessionEnded = new Set<string>(sessionEndedCodes);

function codeFrom(payload: unknown, status: number, statusText: string): string {
  if (payload && typeof payload === 'object' && 'message' in payload) {
    const { message } = payload as { message: unknown };
    if (typeof message === 'string' && message.length > 0) return message;
  }
  return statusText || `HTTP ${status}`;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/**
 * Calls one contract: bearer token and marker header, JSON (or multipart) body, 60 s time-out, the body parsed with the
 * contract's response schema. Failures become ApiError(code).
 */
export async function apiCall<TBody extends z.ZodType | undefined, TResponse extends z.ZodType, TParams extends z.ZodType | undefined>(
  contract: Contract<TBody, TResponse, TParams>,
  options: CallOptions<TBody> = {},
): Promise<z.output<TResponse>> {
  const { body, params, signal, formData, timeoutMs = REQUEST_TIMEOUT_MS } = options;
  const headers: Record<string, string> = { ...options.headers, [CLIENT_HEADER]: CLIENT_HEADER_VALUE, accept: 'application/json' };
  const token = getToken();
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';

  const controller = new AbortController();
  let isTimedOut = false;
  const timer = setTimeout(() => {
    isTimedOut = true;
    controller.abort();
  }, timeoutMs);
  const onOuterAbort = () => controller.abort();
  signal?.addEventListener('abort', onOuterAbort, { once: true });
  const done = beginLoading();

  try {
    let response: Response;
    try {
      response = await fetch(`${API_BASE_URL}${buildPath(contract.path, params)}`, {
        method: contract.method,
        headers,
        body: formData ?? (body === undefined ? undefined : JSON.stringify(body)),
        signal: controller.signal,
      });
    } catch (error) {
      if (isTimedOut) throw new ApiError('REQUEST_TIMEOUT', 408);
      if (signal?.aborted) throw error;
      throw new ApiError('SERVICE_UNAVAILABLE', 0);
    }

    const payload = await readJson(response);
    if (!response.ok) {
      const code = codeFrom(payload, response.status, response.statusText);
      if (sessionEnded.has(code)) handlers.onSessionEnded();
      else if (code === 'gone') handlers.onGone();
      throw new ApiError(code, response.status);
    }

    const parsed = contract.response.safeParse(payload);
    if (!parsed.success) {
      console.error(`Unexpected answer from ${contract.method} ${contract.path}`, parsed.error.issues);
      throw new ApiError('INTERNAL_SERVER_ERROR', response.status);
    }
    return parsed.data;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onOuterAbort);
    done();
  }
}
