import {
  callHeaders,
  messageOf,
  type ContractCaller,
  type ContractCallOptions,
} from '@mekong/contracts/client-call';
import { BACKOFFICE_CLIENT_HEADER_VALUE, REQUEST_TIMEOUT_MS } from '@mekong/contracts/constants';
import { buildPath, type Contract } from '@mekong/contracts/contract';
import type { z } from 'zod';
import { clearToken, getToken } from '@/lib/session';

/** A failed back-office call: `code` is the server's message code (or a client one: OFFLINE, REQUEST_TIMEOUT). */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly code: string,
    readonly status: number,
  ) {
    super(code);
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

/** A call's JSON body (typed by its contract), path parameters and cancel signal. */
export type CallOptions<TBody> = ContractCallOptions<TBody>;

/** The back-office marker, the operator's token, and the content type when a JSON body goes with the call. */
function headersFor(body: unknown, accept?: string): Record<string, string> {
  return callHeaders({
    client: BACKOFFICE_CLIENT_HEADER_VALUE,
    token: getToken(),
    hasJsonBody: body !== undefined,
    more: accept ? { accept } : undefined,
  });
}

/** The answer's JSON, or null when it has none (an empty or non-JSON body). */
const readJson = (response: Response): Promise<unknown> =>
  response.json().catch(() => null) as Promise<unknown>;

/** The failure of an answer that is not ok: the server's message code, else its HTTP status. */
async function failureOf(response: Response): Promise<ApiError> {
  const payload = await readJson(response);
  return new ApiError(messageOf(payload) ?? `HTTP ${response.status}`, response.status);
}

/** Calls one back-office contract with the operator's token and the back-office marker; parses the answer. */
export const adminFetch: ContractCaller = async (contract, options = {}) => {
  const headers = headersFor(options.body, 'application/json');
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
  if (!response.ok) {
    const failure = await failureOf(response);
    if (response.status === 401 && failure.code === 'UNAUTHORIZED' && headers.authorization) {
      clearToken();
      onSessionEnded();
    }
    throw failure;
  }
  return contract.response.parse(await readJson(response));
};

/**
 * Downloads what a call answers (CSV exports, images) with the operator's token, as a Blob: a GET, or a POST of a
 * JSON body (an export of a filtered report).
 */
export async function adminDownload(
  path: string,
  options: { method?: 'GET' | 'POST'; body?: unknown } = {},
): Promise<Blob> {
  const response = await fetch(path, {
    method: options.method ?? 'GET',
    headers: headersFor(options.body),
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  if (!response.ok) throw await failureOf(response);
  return response.blob();
}

/** Sends a file (multipart) to a contract's path with the operator's token; the answer parsed by the contract. */
export async function adminUpload<TResponse extends z.ZodType>(
  contract: Contract<undefined, TResponse, z.ZodType | undefined>,
  params: Record<string, string | number>,
  form: FormData,
): Promise<z.output<TResponse>> {
  let response: Response;
  try {
    // No content type: the browser sets multipart's with its boundary.
    response = await fetch(buildPath(contract.path, params), {
      method: contract.method,
      headers: headersFor(undefined),
      body: form,
    });
  } catch {
    throw new ApiError(navigator.onLine === false ? 'OFFLINE' : 'SERVICE_UNAVAILABLE', 0);
  }
  if (!response.ok) throw await failureOf(response);
  return contract.response.parse(await readJson(response));
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
