import {
  callHeaders,
  messageOf,
  retryAtOf,
  type ContractCaller,
  type ContractCallOptions,
} from '@mekong/contracts/client-call';
import { CLIENT_HEADER_VALUE, REQUEST_TIMEOUT_MS } from '@mekong/contracts/constants';
import { buildPath } from '@mekong/contracts/contract';
import { isMessageCode, sessionEndedCodes } from '@mekong/contracts/messages';
import { API_BASE_URL } from '@/lib/config';
import { beginLoading } from '@/lib/loading-store';
import { getToken } from '@/lib/session';

/** A failed call. `code` is a catalogue code when the server sent one, otherwise the raw message. */
export class ApiError extends Error {
  readonly code: string;
  readonly status: number;
  /** A limit's end, from the answer's `retryAt` (packages/contracts/src/error-body.ts); null when it has none. */
  readonly retryAt: Date | null;

  constructor(code: string, status: number, retryAt: Date | null = null) {
    super(code);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.retryAt = retryAt;
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

/** The web app's own options of a call, beside the body, path parameters and cancel signal every client takes. */
type WebCallOptions = {
  timeoutMs?: number;
  /** Extra headers, e.g. the Idempotency-Key of a money call. */
  headers?: Record<string, string>;
  /** A multipart body (file uploads); the browser sets the content type with its boundary. */
  formData?: FormData;
  /** A read nobody is waiting on (a background refresh of figures already shown): no global loading indicator. */
  isQuiet?: boolean;
};

export type CallOptions<TBody> = ContractCallOptions<TBody> & WebCallOptions;

/**
 * Client-side codes (never sent by the server, so not in the catalogue; translated under `errors.` like it):
 * the phone has no network at all.
 */
export const OFFLINE = 'OFFLINE';

/** True when the browser knows it has no network (navigator.onLine is only trustworthy when false). */
export function isBrowserOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

const sessionEnded = new Set<string>(sessionEndedCodes);

/**
 * A 5xx or 408 without the server's message came from a gateway in between (the request may or may not have reached
 * the server): SERVICE_UNAVAILABLE, which a money call treats as an unknown outcome, never as a refusal.
 */
function codeFrom(payload: unknown, status: number, statusText: string): string {
  const message = messageOf(payload);
  if (message) return message;
  if (status >= 500 || status === 408) return 'SERVICE_UNAVAILABLE';
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
 * Calls one contract: bearer token and marker header, JSON (or multipart) body, the spec's 60 s time-out (docs/spec.md
 * §7) over the whole exchange, the body parsed with the contract's response schema. Failures become ApiError(code):
 * REQUEST_TIMEOUT when the time ran out, OFFLINE when the phone has no network, SERVICE_UNAVAILABLE when the server
 * could not be reached; a cancel by the caller stays the caller's AbortError.
 */
export const apiCall: ContractCaller<WebCallOptions> = async (contract, options = {}) => {
  const {
    body,
    params,
    signal,
    formData,
    timeoutMs = REQUEST_TIMEOUT_MS,
    isQuiet = false,
  } = options;
  const headers = callHeaders({
    client: CLIENT_HEADER_VALUE,
    token: getToken(),
    hasJsonBody: body !== undefined,
    more: { ...options.headers, accept: 'application/json' },
  });

  const controller = new AbortController();
  let isTimedOut = false;
  const timer = setTimeout(() => {
    isTimedOut = true;
    controller.abort();
  }, timeoutMs);
  const onOuterAbort = () => controller.abort();
  signal?.addEventListener('abort', onOuterAbort, { once: true });
  const done = isQuiet ? () => {} : beginLoading();
  const failedTransport = (error: unknown): unknown => {
    if (isTimedOut) return new ApiError('REQUEST_TIMEOUT', 408);
    if (signal?.aborted) return error;
    return new ApiError(isBrowserOffline() ? OFFLINE : 'SERVICE_UNAVAILABLE', 0);
  };

  try {
    let response: Response;
    let payload: unknown;
    try {
      response = await fetch(`${API_BASE_URL}${buildPath(contract.path, params)}`, {
        method: contract.method,
        headers,
        body: formData ?? (body === undefined ? undefined : JSON.stringify(body)),
        signal: controller.signal,
      });
      // The body can stall too: the time-out covers it.
      payload = await readJson(response);
    } catch (error) {
      throw failedTransport(error);
    }

    if (!response.ok) {
      const code = codeFrom(payload, response.status, response.statusText);
      if (sessionEnded.has(code)) handlers.onSessionEnded();
      else if (code === 'gone') handlers.onGone();
      throw new ApiError(code, response.status, retryAtOf(payload));
    }

    const parsed = contract.response.safeParse(payload);
    if (!parsed.success) {
      console.error(
        `Unexpected answer from ${contract.method} ${contract.path}`,
        parsed.error.issues,
      );
      throw new ApiError('INTERNAL_SERVER_ERROR', response.status);
    }
    return parsed.data;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onOuterAbort);
    done();
  }
};
