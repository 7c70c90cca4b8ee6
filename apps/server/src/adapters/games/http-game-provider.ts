import { Agent, request } from 'undici';
import { z } from 'zod';
import {
  GameProviderError,
  type BetRecordPage,
  type GameProvider,
  type MoneyInput,
  type MoneyOutcome,
  type ReferenceStatus,
} from '@/adapters/games/game-provider.ts';
import { outsideCallHeaders } from '@/lib/request-context.ts';

export type HttpGameProviderOptions = {
  /** Base URL; each provider lives under `<baseUrl>/<CODE>` (the sandbox: http://127.0.0.1:3001/games). */
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
};

type Answer = { httpStatus: number; json: unknown };

const errorAnswer = z.object({ status: z.literal('error'), code: z.string() });
const balanceAnswer = z.object({ status: z.literal('success'), balanceMinor: z.number().int() });
const moneyAnswer = z.object({ status: z.literal('success'), reference: z.string() });
const launchAnswer = z.object({ status: z.literal('success'), url: z.string().min(1) });
const minor = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const betsAnswer = z.object({
  status: z.literal('success'),
  cursor: z.string().min(1).max(500),
  hasMore: z.boolean().optional(),
  records: z.array(
    z.object({
      id: z.string().min(1).max(200),
      username: z.string().min(1).max(100),
      category: z.string().min(1).max(50),
      stakeMinor: minor,
      payoutMinor: minor,
      placedAt: z.iso.datetime({ offset: true }),
    }),
  ),
});
const statusAnswer = z.discriminatedUnion('status', [
  z.object({ status: z.literal('success') }),
  z.object({ status: z.literal('failed'), code: z.string().optional() }),
  z.object({ status: z.literal('not_found') }),
]);

/**
 * A 4xx with the provider's error body means it refused and recorded nothing applied. 408, 409 (reference conflict)
 * and 429 are not definite: the reference's status must decide.
 */
function isDefiniteRefusal({ httpStatus, json }: Answer): string | undefined {
  if (httpStatus < 400 || httpStatus >= 500 || [408, 409, 429].includes(httpStatus))
    return undefined;
  const parsed = errorAnswer.safeParse(json);
  return parsed.success ? parsed.data.code : undefined;
}

/** Talks to the game providers over HTTP with a time-out on every call (the sandbox by default). */
export function createHttpGameProvider(options: HttpGameProviderOptions): GameProvider {
  const base = options.baseUrl.replace(/\/+$/, '');
  const url = (provider: string, path: string) => `${base}/${encodeURIComponent(provider)}${path}`;
  // Keep-alive connections reused across calls (no TCP set-up per money movement); undici's request is also lighter
  // than fetch.
  const dispatcher = new Agent({ keepAliveTimeout: 10_000, keepAliveMaxTimeout: 60_000 });

  /** Throws GameProviderError TIMEOUT or UNREACHABLE when no answer arrived. */
  async function call(method: 'GET' | 'POST', target: string, body?: unknown): Promise<Answer> {
    const signal = AbortSignal.timeout(options.timeoutMs);
    try {
      const response = await request(target, {
        method,
        dispatcher,
        headers: {
          authorization: `Bearer ${options.apiKey}`,
          ...outsideCallHeaders(),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal,
      });
      const text = await response.body.text();
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
      return { httpStatus: response.statusCode, json };
    } catch (error) {
      const isTimeout =
        signal.aborted ||
        (error instanceof Error &&
          (error.name === 'TimeoutError' ||
            ['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT'].includes(
              (error as { code?: string }).code ?? '',
            )));
      throw new GameProviderError(
        isTimeout ? 'TIMEOUT' : 'UNREACHABLE',
        `${method} ${target} ${isTimeout ? 'timed out' : 'failed'}`,
        { cause: error },
      );
    }
  }

  function fail(what: string, answer: Answer): never {
    const code =
      errorAnswer.safeParse(answer.json).data?.code ??
      (answer.httpStatus === 200 ? 'BAD_ANSWER' : `HTTP_${answer.httpStatus}`);
    throw new GameProviderError(code, `${what} answered ${answer.httpStatus}: ${code}`);
  }

  async function moveMoney(
    provider: string,
    type: 'deposit' | 'withdraw',
    input: MoneyInput,
  ): Promise<MoneyOutcome> {
    let answer: Answer;
    try {
      answer = await call('POST', url(provider, `/${type}`), {
        username: input.username,
        reference: input.reference,
        // Safe: one call carries at most MAX_AMOUNT (1e8) major units = 1e10 minor units, far below 2^53.
        amountMinor: Number(input.amountMinor),
      });
    } catch (error) {
      return {
        outcome: 'unknown',
        reason: error instanceof GameProviderError ? error.code : 'ERROR',
      };
    }
    if (answer.httpStatus === 200 && moneyAnswer.safeParse(answer.json).success)
      return { outcome: 'success' };
    const refusal = isDefiniteRefusal(answer);
    if (refusal) return { outcome: 'failed', code: refusal };
    return { outcome: 'unknown', reason: `HTTP_${answer.httpStatus}` };
  }

  return {
    async createAccount(provider, input) {
      const answer = await call('POST', url(provider, '/members'), input);
      if (answer.httpStatus !== 200) fail('create account', answer);
    },

    async getBalance(provider, username) {
      const answer = await call(
        'GET',
        url(provider, `/members/${encodeURIComponent(username)}/balance`),
      );
      const parsed = balanceAnswer.safeParse(answer.json);
      if (answer.httpStatus !== 200 || !parsed.success) fail('balance', answer);
      return BigInt(parsed.data.balanceMinor);
    },

    deposit: (provider, input) => moveMoney(provider, 'deposit', input),
    withdraw: (provider, input) => moveMoney(provider, 'withdraw', input),

    async transferStatus(provider, reference): Promise<ReferenceStatus> {
      let answer: Answer;
      try {
        answer = await call('GET', url(provider, `/transfers/${encodeURIComponent(reference)}`));
      } catch (error) {
        return {
          status: 'unknown',
          reason: error instanceof GameProviderError ? error.code : 'ERROR',
        };
      }
      const parsed = statusAnswer.safeParse(answer.json);
      if (answer.httpStatus !== 200 || !parsed.success)
        return { status: 'unknown', reason: `HTTP_${answer.httpStatus}` };
      if (parsed.data.status === 'failed')
        return { status: 'failed', code: parsed.data.code ?? 'FAILED' };
      return { status: parsed.data.status };
    },

    async resetPassword(provider, username, password) {
      const answer = await call(
        'POST',
        url(provider, `/members/${encodeURIComponent(username)}/password`),
        { password },
      );
      if (answer.httpStatus !== 200) fail('reset password', answer);
    },

    async launchUrl(provider, username, password) {
      const answer = await call(
        'POST',
        url(provider, `/members/${encodeURIComponent(username)}/launch`),
        password === undefined ? {} : { password },
      );
      const parsed = launchAnswer.safeParse(answer.json);
      if (answer.httpStatus !== 200 || !parsed.success) fail('launch', answer);
      return parsed.data.url;
    },

    async betRecords(provider, input): Promise<BetRecordPage> {
      const query = new URLSearchParams({ limit: String(input.limit) });
      if (input.cursor !== null) query.set('cursor', input.cursor);
      if (input.username !== undefined) query.set('username', input.username);
      const answer = await call('GET', url(provider, `/bets?${query.toString()}`));
      const parsed = betsAnswer.safeParse(answer.json);
      if (answer.httpStatus !== 200 || !parsed.success) fail('bet records', answer);
      const { records, cursor, hasMore } = parsed.data;
      return {
        cursor,
        // An answer without the flag: a full page may have more after it.
        hasMore: hasMore ?? records.length >= input.limit,
        records: records.map((r) => ({
          ...r,
          stakeMinor: BigInt(r.stakeMinor),
          payoutMinor: BigInt(r.payoutMinor),
          placedAt: new Date(r.placedAt),
        })),
      };
    },
  };
}
