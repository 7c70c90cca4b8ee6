import { login, profileGet } from '@mekong/contracts/account';
import { lookupActive } from '@mekong/contracts/lookup';
import i18n from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiCall, ApiError, OFFLINE, setSessionHandlers } from '@/lib/api-client';
import { errorText } from '@/lib/error-message';
import { isLoading } from '@/lib/loading-store';
import { storeToken } from '@/lib/session';
import { jsonResponse } from '@/testing/render';

const fetchMock = vi.fn<typeof fetch>();
const onSessionEnded = vi.fn();
const onGone = vi.fn();

beforeEach(() => {
  fetchMock.mockReset();
  onSessionEnded.mockReset();
  onGone.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  setSessionHandlers({ onSessionEnded, onGone });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('apiCall', () => {
  it('sends the marker header, JSON body and no token when signed out', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ token: 'abc' }));
    await expect(
      apiCall(login, { body: { username: '0812345678', password: 'secret123' } }),
    ).resolves.toEqual({ token: 'abc' });

    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/login');
    expect(init?.method).toBe('POST');
    const headers = init?.headers as Record<string, string>;
    expect(headers['x-client']).toBe('member-web');
    expect(headers['content-type']).toBe('application/json');
    expect(headers.authorization).toBeUndefined();
    expect(JSON.parse(String(init?.body))).toEqual({
      username: '0812345678',
      password: 'secret123',
    });
  });

  it('adds the bearer token from storage', async () => {
    storeToken('tok-1', false);
    fetchMock.mockResolvedValue(jsonResponse({ terminated: null }));
    await apiCall(lookupActive);
    const headers = fetchMock.mock.calls[0]![1]?.headers as Record<string, string>;
    expect(headers.authorization).toBe('Bearer tok-1');
  });

  it('turns an error body into ApiError(code) with the HTTP status', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ message: 'WRONG_CREDENTIAL' }, 401));
    const error = await failureOf(
      apiCall(login, { body: { username: '0812345678', password: 'x' } }),
    );
    expect(error.code).toBe('WRONG_CREDENTIAL');
    expect(error.status).toBe(401);
    expect(error.isCatalogued).toBe(true);
    expect(onSessionEnded).not.toHaveBeenCalled();
  });

  it.each(['EXPIRED_AUTH_TOKEN', 'UNAUTHORIZED', 'INVALID_USER_1', 'INVALID_USER_4'])(
    'ends the session on %s',
    async (code) => {
      fetchMock.mockResolvedValue(jsonResponse({ message: code }, 401));
      const error = await failureOf(apiCall(profileGet));
      expect(error.code).toBe(code);
      expect(onSessionEnded).toHaveBeenCalledTimes(1);
      expect(onGone).not.toHaveBeenCalled();
    },
  );

  it('sends the visitor to /terminated on gone', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ message: 'gone' }, 410));
    await failureOf(apiCall(lookupActive));
    expect(onGone).toHaveBeenCalledTimes(1);
    expect(onSessionEnded).not.toHaveBeenCalled();
  });

  it('keeps an unknown message as its raw text', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ message: 'Provider said no' }, 400));
    const error = await failureOf(apiCall(lookupActive));
    expect(error.code).toBe('Provider said no');
    expect(error.isCatalogued).toBe(false);
  });

  it('rejects an answer that does not match the contract', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ nope: true }));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const error = await failureOf(
      apiCall(login, { body: { username: '0812345678', password: 'x' } }),
    );
    expect(error.code).toBe('INTERNAL_SERVER_ERROR');
  });

  it('maps a network failure to SERVICE_UNAVAILABLE', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await failureOf(apiCall(lookupActive));
    expect(error.code).toBe('SERVICE_UNAVAILABLE');
  });

  it.each([502, 503, 504])('maps a gateway %i without the server message to SERVICE_UNAVAILABLE', async (status) => {
    fetchMock.mockResolvedValue(new Response('<html>Bad Gateway</html>', { status, statusText: 'Bad Gateway' }));
    const error = await failureOf(apiCall(lookupActive));
    expect(error.code).toBe('SERVICE_UNAVAILABLE');
    expect(error.status).toBe(status);
  });

  it("keeps the server's own 5xx message", async () => {
    fetchMock.mockResolvedValue(jsonResponse({ message: 'TRANSFER_FAIL' }, 502));
    const error = await failureOf(apiCall(lookupActive));
    expect(error.code).toBe('TRANSFER_FAIL');
  });

  it('gives up after the time-out with REQUEST_TIMEOUT', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () =>
            reject(new DOMException('aborted', 'AbortError')),
          );
        }),
    );
    const pending = failureOf(apiCall(lookupActive));
    await vi.advanceTimersByTimeAsync(60_000);
    const error = await pending;
    expect(error.code).toBe('REQUEST_TIMEOUT');
  });

  it('maps a network failure with the phone offline to OFFLINE', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await failureOf(apiCall(lookupActive));
    expect(error.code).toBe(OFFLINE);
    expect(error.status).toBe(0);
    vi.restoreAllMocks();
  });

  it('gives up with REQUEST_TIMEOUT when the body of the answer stalls after its headers', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation((_url, init) => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          init?.signal?.addEventListener('abort', () =>
            controller.error(new DOMException('aborted', 'AbortError')),
          );
        },
      });
      return Promise.resolve(new Response(body, { status: 200 }));
    });
    const pending = failureOf(apiCall(lookupActive));
    await vi.advanceTimersByTimeAsync(60_000);
    expect((await pending).code).toBe('REQUEST_TIMEOUT');
  });

  it('leaves a cancel by the caller as its AbortError', async () => {
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () =>
            reject(new DOMException('aborted', 'AbortError')),
          );
        }),
    );
    const caller = new AbortController();
    const pending = apiCall(lookupActive, { signal: caller.signal });
    caller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('keeps a quiet read out of the global loading indicator', async () => {
    let answer: (response: Response) => void = () => {};
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
    const pending = apiCall(lookupActive, { isQuiet: true });
    expect(isLoading()).toBe(false);
    answer(jsonResponse({ terminated: null }));
    await pending;
  });

  it('counts the request as loading only while it runs', async () => {
    let answer: (response: Response) => void = () => {};
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
    const pending = apiCall(lookupActive);
    expect(isLoading()).toBe(true);
    answer(jsonResponse({ terminated: null }));
    await pending;
    expect(isLoading()).toBe(false);
  });
});

describe('errorText', () => {
  it('translates catalogue codes and shows anything else raw', async () => {
    await i18n.changeLanguage('en');
    const t = i18n.t.bind(i18n);
    expect(errorText(t, new ApiError('WRONG_CREDENTIAL', 401))).toBe(
      'Wrong phone number or password.',
    );
    expect(errorText(t, new ApiError('Something odd', 400))).toBe('Something odd');
    expect(errorText(t, new ApiError(OFFLINE, 0))).toMatch(/no internet connection/i);
    await i18n.changeLanguage('th');
    expect(errorText(i18n.t.bind(i18n), new ApiError('WRONG_CREDENTIAL', 401))).toBe(
      'เบอร์โทรศัพท์หรือรหัสผ่านไม่ถูกต้อง',
    );
    await i18n.changeLanguage('en');
  });
});
