import type { RegisterBody } from '@mekong/contracts/account';
import { uniqueBankAccountNo, uniqueName, uniquePhone } from './data.ts';
import { readOtp } from './sms.ts';
import { SERVER_URL } from './urls.ts';

type CallOptions = { body?: unknown; token?: string; headers?: Record<string, string> };
export type ApiAnswer<T = unknown> = { status: number; body: T };

export type TestMember = {
  id: string;
  phone: string;
  password: string;
  name: string;
  bankCode: string;
  bankAccountName: string;
  bankAccountNo: string;
};

export class ApiError extends Error {
  constructor(
    readonly method: string,
    readonly path: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`${method} ${path} answered ${status}: ${JSON.stringify(body)}`);
  }
}

/**
 * Calls the server under test directly, as the member web app would (marker header, bearer token), so specs can
 * prepare data quickly and spend the browser only on what they test.
 */
export function createApi(baseUrl = SERVER_URL) {
  /** Any answer, never throws on an error status. */
  async function call<T = unknown>(
    method: string,
    path: string,
    opts: CallOptions = {},
  ): Promise<ApiAnswer<T>> {
    const headers: Record<string, string> = { 'x-client': 'member-web', ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (opts.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, body: body as T };
  }

  /** The body of a 2xx answer; throws ApiError otherwise. */
  async function expectOk<T = unknown>(
    method: string,
    path: string,
    opts: CallOptions = {},
  ): Promise<T> {
    const answer = await call<T>(method, path, opts);
    if (answer.status < 200 || answer.status > 299)
      throw new ApiError(method, path, answer.status, answer.body);
    return answer.body;
  }

  const api = {
    call,
    get: <T = unknown>(path: string, opts?: Omit<CallOptions, 'body'>) =>
      expectOk<T>('GET', path, opts),
    post: <T = unknown>(path: string, body?: unknown, opts?: Omit<CallOptions, 'body'>) =>
      expectOk<T>('POST', path, { ...opts, body }),
    put: <T = unknown>(path: string, body?: unknown, opts?: Omit<CallOptions, 'body'>) =>
      expectOk<T>('PUT', path, { ...opts, body }),

    /**
     * Sends and confirms a one-time code for `phone` (when the operator has codes switched on); answers the verified
     * code's token, which the registration must carry (none when codes are off or the phone was verified before).
     */
    async verifyPhone(phone: string): Promise<string | undefined> {
      const { enabled } = await api.get<{ enabled: boolean }>('/api/lookup/registerOTP');
      if (!enabled) return undefined;
      const sent = await api.post<
        { code: 'OK'; otpRef: string; otpToken: string } | { code: 'OTP_VERIFIED' }
      >('/api/otp/send', { phoneNumber: phone });
      if (sent.code === 'OTP_VERIFIED') return undefined;
      const otpCode = await readOtp(phone, { refno: sent.otpRef });
      await api.post('/api/otp/verify', { otpToken: sent.otpToken, otpCode });
      return sent.otpToken;
    },

    /** Registers a fresh member through the real calls; override any registration field. */
    async registerMember(overrides: Partial<RegisterBody> = {}): Promise<TestMember> {
      const body: RegisterBody = {
        name: uniqueName('MEMBER'),
        username: uniquePhone(),
        password: 'secret-pass-1',
        bankCode: 'SCB',
        bankAccountName: uniqueName('ACCOUNT'),
        bankAccountNo: uniqueBankAccountNo(),
        currency: 'BAHT',
        ...overrides,
      };
      const otpToken = await api.verifyPhone(body.username);
      const created = await api.post<{ _id: string }>('/api/account', {
        ...body,
        ...(otpToken ? { otpToken } : {}),
      });
      return {
        id: created._id,
        phone: body.username,
        password: body.password,
        name: body.name,
        bankCode: body.bankCode,
        bankAccountName: body.bankAccountName.trim().replace(/\s+/g, ' ').toUpperCase(),
        bankAccountNo: body.bankAccountNo,
      };
    },

    /** A session token for the member. */
    async login(phone: string, password: string): Promise<string> {
      const { token } = await api.post<{ token: string }>('/api/login', {
        username: phone,
        password,
      });
      return token;
    },
  };
  return api;
}

export type Api = ReturnType<typeof createApi>;

export const api = createApi();
