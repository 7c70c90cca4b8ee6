import {
  BACKOFFICE_CLIENT_HEADER_VALUE,
  CLIENT_HEADER,
  REQUEST_TIMEOUT_MS,
} from '@mekong/contracts/constants';
import { buildPath, type Contract } from '@mekong/contracts/contract';
import type { z } from 'zod';
import { clearToken, getToken } from '@/lib/session';

/** A failed back-office call: `code` is the server's message code (or a client one: OFFLINE, REQUEST_TIMEOUT). */
export class ApiError extends Error {
  readonly code: string;
  readonly status: number;

  constructor(code: string, status: number) {
    super(code);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export function errorCodeOf(error: unknown): string {
  return isApiError(error) ? error.code : 'SERVICE_UNAVAILABLE';
}

let onSessionEnded: () => void = () => {};

/** The app sends the operator to the sign-in page when a call answers that the session is over. */
export function setSessionEndedHandler(handler: () => void): void {
  onSessionEnded = handler;
}

type BodyInput<TBody> = TBody extends z.ZodType ? z.input<TBody> : never;

export type CallOptions<TBody> = {
  body?: BodyInput<TBody>;
  params?: Record<string, string | number>;
  signal?: AbortSignal;
};

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** The code of a failed answer (`{ message }`), or its HTTP status when the body has none. */
function failureCode(payload: unknown, status: number): string {
  return payload &&
    typeof payload === 'object' &&
    'message' in payload &&
    typeof payload.message === 'string'
    ? payload.message
    : `HTTP ${status}`;
}

/** Calls one back-office contract with the operator's token and the back-office marker; parses the answer. */
export async function adminFetch<
  TBody extends z.ZodType | undefined,
  TResponse extends z.ZodType,
  TParams extends z.ZodType | undefined,
>(
  contract: Contract<TBody, TResponse, TParams>,
  options: CallOptions<TBody> = {},
): Promise<z.output<TResponse>> {
  const headers: Record<string, string> = {
    [CLIENT_HEADER]: BACKOFFICE_CLIENT_HEADER_VALUE,
    accept: 'application/json',
  };
  const token = getToken();
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  options.signal?.addEventListener('abort', () => controller.abort(), { once: true });
  let response: Response;
  try {
    response = await fetch(buildPath(contract.path, options.params), {
      method: contract.method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: controller.signal,
    });
  } catch {
    throw new ApiError(navigator.onLine === false ? 'OFFLINE' : 'SERVICE_UNAVAILABLE', 0);
  } finally {
    clearTimeout(timer);
  }
  const payload = await readJson(response);
  if (!response.ok) {
    const message = failureCode(payload, response.status);
    if (response.status === 401 && message === 'UNAUTHORIZED' && token) {
      clearToken();
      onSessionEnded();
    }
    throw new ApiError(message, response.status);
  }
  return contract.response.parse(payload);
}

/**
 * Downloads what a call answers (CSV exports, images) with the operator's token, as a Blob: a GET, or a POST of a
 * JSON body (an export of a filtered report).
 */
export async function adminDownload(
  path: string,
  options: { method?: 'GET' | 'POST'; body?: unknown } = {},
): Promise<Blob> {
  const headers: Record<string, string> = { [CLIENT_HEADER]: BACKOFFICE_CLIENT_HEADER_VALUE };
  const token = getToken();
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(path, {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  if (!response.ok)
    throw new ApiError(failureCode(await readJson(response), response.status), response.status);
  return response.blob();
}

/** Sends a file (multipart) to a contract's path with the operator's token; the answer parsed by the contract. */
export async function adminUpload<TResponse extends z.ZodType>(
  contract: Contract<undefined, TResponse, z.ZodType | undefined>,
  params: Record<string, string | number>,
  form: FormData,
): Promise<z.output<TResponse>> {
  const headers: Record<string, string> = { [CLIENT_HEADER]: BACKOFFICE_CLIENT_HEADER_VALUE };
  const token = getToken();
  if (token) headers.authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(buildPath(contract.path, params), {
      method: contract.method,
      headers,
      body: form,
    });
  } catch {
    throw new ApiError(navigator.onLine === false ? 'OFFLINE' : 'SERVICE_UNAVAILABLE', 0);
  }
  const payload = await readJson(response);
  if (!response.ok) throw new ApiError(failureCode(payload, response.status), response.status);
  return contract.response.parse(payload);
}

/** Saves a Blob as a file the browser downloads. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
