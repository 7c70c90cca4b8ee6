import { randomBytes } from 'node:crypto';
import type { SandboxContext } from '../lib/context.ts';
import type { Currency } from '../lib/currencies.ts';
import { error, ok, type Answer } from '../lib/answer.ts';
import { noFaults, type Faults } from '../lib/faults.ts';
import { createBetBook } from './bet-records.ts';
import { GAME_PROVIDERS, type GameProviderCode } from './providers.ts';


export type GameAccount = {
  provider: GameProviderCode;
  username: string;
  password: string;
  currency: Currency;
  /** Integer minor units (satang / att). */
  balanceMinor: number;
  createdAt: string;
};

export const TRANSFER_TYPES = ['deposit', 'withdraw'] as const;

/** What the caller asks for; the reference makes it happen at most once. */
export type TransferRequest = {
  type: (typeof TRANSFER_TYPES)[number];
  username: string;
  reference: string;
  amountMinor: number;
};

export type TransferRecord = TransferRequest & {
  provider: GameProviderCode;
  status: 'success' | 'failed';
  /** Why a failed transfer failed. */
  code?: string;
  /** The account's balance right after this transfer (success only). */
  balanceMinor?: number;
  createdAt: string;
};

export type Round = { betMinor: number; winMinor: number };

const USERNAME = /^[A-Za-z0-9_]{3,32}$/;
const REFERENCE = /^[A-Za-z0-9_.:-]{1,100}$/;
const MAX_AMOUNT_MINOR = 1e13;

export const isValidUsername = (v: unknown): v is string =>
  typeof v === 'string' && USERNAME.test(v);
export const isValidReference = (v: unknown): v is string =>
  typeof v === 'string' && REFERENCE.test(v);
export const isValidAmountMinor = (v: unknown): v is number =>
  typeof v === 'number' && Number.isSafeInteger(v) && v > 0 && v <= MAX_AMOUNT_MINOR;

function transferAnswer(record: TransferRecord): Answer {
  const body = {
    reference: record.reference,
    type: record.type,
    username: record.username,
    amountMinor: record.amountMinor,
  };
  if (record.status === 'success') return ok({ ...body, balanceMinor: record.balanceMinor });
  const httpStatus = record.code === 'USER_NOT_FOUND' ? 404 : 400;
  return error(httpStatus, record.code ?? 'FAILED', body);
}

/** Every provider's accounts, transfers, launch tokens, bet records and switched-on faults, in memory. */
export function createGamesStore(ctx: SandboxContext) {
  const accounts = new Map<string, GameAccount>();
  const transfers = new Map<string, TransferRecord>();
  const launchTokens = new Map<string, { provider: GameProviderCode; username: string }>();
  const faults = new Map<GameProviderCode, Faults>(GAME_PROVIDERS.map((p) => [p.code, noFaults()]));
  const bets = createBetBook(ctx.now);

  const key = (provider: string, id: string) => `${provider}:${id}`;
  const nowIso = () => new Date(ctx.now()).toISOString();
  const randomText = (length: number) => randomBytes(length).toString('base64url').slice(0, length);

  /** One simulated round: a bet (limited by the balance) and a win drawn with a small house edge. */
  function randomRound(balanceMinor: number, betMinor: number): Round {
    const bet = Math.min(betMinor, balanceMinor);
    const r = ctx.random();
    let multiplier = 0;
    if (r >= 0.55 && r < 0.85) multiplier = 1 + ctx.random();
    else if (r >= 0.85 && r < 0.97) multiplier = 2 + ctx.random();
    else if (r >= 0.97) multiplier = 4 + 4 * ctx.random();
    return { betMinor: bet, winMinor: Math.round(bet * multiplier) };
  }

  const store = {
    bets,
    faultsOf: (provider: GameProviderCode) => faults.get(provider) ?? noFaults(),
    setFaults(provider: GameProviderCode, next: Faults) {
      faults.set(provider, next);
    },
    getAccount: (provider: GameProviderCode, username: string) =>
      accounts.get(key(provider, username)),
    listAccounts: (provider?: GameProviderCode) =>
      [...accounts.values()].filter((a) => !provider || a.provider === provider),

    createMember(
      provider: GameProviderCode,
      input: { username?: string; password?: string; currency?: Currency },
    ): Answer {
      let username = input.username;
      if (username === undefined) {
        do username = `${provider.toLowerCase()}${Math.floor(ctx.random() * 1e8)}`;
        while (accounts.has(key(provider, username)));
      }
      if (accounts.has(key(provider, username))) return error(409, 'USERNAME_TAKEN');
      const account: GameAccount = {
        provider,
        username,
        password: input.password ?? randomText(10),
        currency: input.currency ?? 'THB',
        balanceMinor: 0,
        createdAt: nowIso(),
      };
      accounts.set(key(provider, username), account);
      return ok({
        username,
        password: account.password,
        currency: account.currency,
        balanceMinor: 0,
      });
    },

    balance(provider: GameProviderCode, username: string): Answer {
      const account = store.getAccount(provider, username);
      if (!account) return error(404, 'USER_NOT_FOUND');
      return ok({ username, currency: account.currency, balanceMinor: account.balanceMinor });
    },

    /**
     * Deposit or withdraw with the caller's reference, exactly once per reference: a repeat with the same details
     * answers the first result again; a repeat with other details is refused and changes nothing.
     */
    transfer(
      provider: GameProviderCode,
      input: TransferRequest,
      isRejected = false,
    ): Answer {
      const existing = transfers.get(key(provider, input.reference));
      if (existing) {
        const isSame =
          existing.type === input.type &&
          existing.username === input.username &&
          existing.amountMinor === input.amountMinor;
        return isSame
          ? transferAnswer(existing)
          : error(409, 'REFERENCE_CONFLICT', { reference: input.reference });
      }
      const record: TransferRecord = { provider, ...input, status: 'failed', createdAt: nowIso() };
      const account = store.getAccount(provider, input.username);
      if (!account) record.code = 'USER_NOT_FOUND';
      else if (isRejected) record.code = 'PROVIDER_REJECTED';
      else if (input.type === 'withdraw' && account.balanceMinor < input.amountMinor)
        record.code = 'INSUFFICIENT_BALANCE';
      else {
        account.balanceMinor += input.type === 'deposit' ? input.amountMinor : -input.amountMinor;
        record.status = 'success';
        record.balanceMinor = account.balanceMinor;
      }
      transfers.set(key(provider, input.reference), record);
      return transferAnswer(record);
    },

    /** What happened to a reference: success, failed (with its code) or not_found (never applied). */
    transferStatus(provider: GameProviderCode, reference: string): Record<string, unknown> {
      const record = transfers.get(key(provider, reference));
      if (!record) return { status: 'not_found', reference };
      const { provider: _provider, ...rest } = record;
      return rest;
    },

    resetPassword(provider: GameProviderCode, username: string, password?: string): Answer {
      const account = store.getAccount(provider, username);
      if (!account) return error(404, 'USER_NOT_FOUND');
      account.password = password ?? randomText(10);
      return ok({ username, password: account.password });
    },

    /** A one-time token for the play page, the sandbox's launch link. */
    launch(
      provider: GameProviderCode,
      username: string,
      password?: string,
    ): Answer | { token: string } {
      const account = store.getAccount(provider, username);
      if (!account) return error(404, 'USER_NOT_FOUND');
      if (password !== undefined && password !== account.password)
        return error(401, 'WRONG_PASSWORD');
      const token = randomText(24);
      launchTokens.set(token, { provider, username });
      return { token };
    },
    accountForLaunchToken(provider: GameProviderCode, token: string) {
      const entry = launchTokens.get(token);
      return entry && entry.provider === provider
        ? store.getAccount(provider, entry.username)
        : undefined;
    },

    /**
     * Plays rounds on an account: the given ones exactly (all or nothing), else `rounds` random ones.
     * Bets never exceed the balance; the provider's balance is the truth the server syncs from. Every round played
     * becomes a bet record of the provider's betting history.
     */
    play(
      account: GameAccount,
      input: { results?: Round[]; rounds?: number; betMinor?: number; playedAt?: number },
    ): Answer {
      const before = account.balanceMinor;
      if (input.results) {
        let balance = before;
        for (const round of input.results) {
          if (round.betMinor > balance) return error(400, 'INSUFFICIENT_BALANCE');
          balance += round.winMinor - round.betMinor;
        }
        account.balanceMinor = balance;
        bets.record(account.provider, account.username, input.results, input.playedAt);
        return ok({
          username: account.username,
          balanceBeforeMinor: before,
          balanceMinor: balance,
          rounds: input.results,
        });
      }
      const played: Round[] = [];
      for (let i = 0; i < (input.rounds ?? 10) && account.balanceMinor > 0; i += 1) {
        const round = randomRound(account.balanceMinor, input.betMinor ?? 1000);
        account.balanceMinor += round.winMinor - round.betMinor;
        played.push(round);
      }
      bets.record(account.provider, account.username, played, input.playedAt);
      return ok({
        username: account.username,
        balanceBeforeMinor: before,
        balanceMinor: account.balanceMinor,
        rounds: played,
      });
    },

    /** One random round on every funded account (the background play mode). */
    playEverywhere(betMinor: number) {
      for (const account of accounts.values()) {
        if (account.balanceMinor > 0) store.play(account, { rounds: 1, betMinor });
      }
    },
  };
  return store;
}

export type GamesStore = ReturnType<typeof createGamesStore>;
