import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { IDEMPOTENCY_HEADER } from '@mekong/contracts/constants';
import type { StatementEntry } from '@mekong/contracts/statement';
import type { SlotAccount, WalletResponse } from '@mekong/contracts/wallet';
import type { Api, TestMember } from './api.ts';
import { SANDBOX_URL } from './urls.ts';

/** The English copy the money screens show, straight from the app's locale file, so the checks follow the copy. */
export type MoneyTexts = {
  transfer: Record<
    'title' | 'success' | 'failed' | 'selectAccount' | 'sameAccount' | 'minimum' | 'allDone',
    string
  >;
  withdraw: Record<'success' | 'pending' | 'failed' | 'limits', string>;
  statement: {
    types: Record<StatementEntry['statementType'], string>;
    status: Record<'success' | 'failed' | 'progress', string>;
    accounts: Record<string, string>;
  };
  wallet: Record<'mainWallet', string>;
  slotAccount: Record<'passwordReset', string>;
  moneyCheck: Record<'checking' | 'offline', { title: string; text: string }>;
  common: Record<'copied' | 'ok' | 'showPassword' | 'hidePassword', string>;
  states: Record<'retry' | 'loadFailed', string>;
  walletFlow: Record<
    | 'confirmTitle'
    | 'confirmGamesBack'
    | 'lastKnown'
    | 'updateFailed'
    | 'unavailable'
    | 'updating'
    | 'playName'
    | 'playIntro',
    string
  >;
  homeFlow: Record<'firstStepsTitle' | 'gamesLoadFailed' | 'offline', string>;
  deposit: Record<'title', string>;
  games: Record<'activated' | 'open', string>;
  nav: Record<'statement' | 'main', string>;
  drawer: Record<'lastSync', string>;
  errors: Record<
    | 'MONEY_NOT_ENOUGH'
    | 'WITHDRAW_MINIMUM'
    | 'WITHDRAW_MAXIMUM'
    | 'TRANSFER_MINIMUM'
    | 'INTERNAL_SERVER_ERROR'
    | 'OFFLINE',
    string
  >;
};

export const en = JSON.parse(
  readFileSync(new URL('../../apps/web/src/locales/en.json', import.meta.url), 'utf8'),
) as MoneyTexts;

/** Fills i18next's {{name}} placeholders. */
export function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? `{{${name}}}`);
}

const money = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** ฿1,234.50: baht with 2 decimals, as the app shows amounts (docs/spec.md §9). */
export function baht(value: number): string {
  return `฿${money.format(value)}`;
}

/** DD/MM/YYYY HH:mm:ss (docs/spec.md §9). */
export const DATE_TIME = /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/;

async function sandboxPost<T>(path: string, body: unknown): Promise<T> {
  const res = await fetch(`${SANDBOX_URL}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`sandbox ${path} answered ${res.status}: ${text}`);
  return JSON.parse(text) as T;
}

/**
 * Sandbox only: an incoming bank transfer from the member's registered account appears in the bank's feed; the
 * server's bank-feed job credits it to the member's cash wallet (on its next run, within BANK_FEED_INTERVAL_MS).
 */
export async function creditFromBank(
  member: Pick<TestMember, 'bankCode' | 'bankAccountNo'>,
  amountBaht: number,
): Promise<{ reference: string }> {
  const { transfer } = await sandboxPost<{ transfer: { reference: string } }>(
    '/sandbox/bank/credit-member',
    {
      bankCode: member.bankCode,
      accountNo: member.bankAccountNo,
      amountMinor: Math.round(amountBaht * 100),
    },
  );
  return transfer;
}

/** Plays exact rounds on a game account at the sandbox provider (all or nothing). */
export async function playAtProvider(
  provider: string,
  username: string,
  results: { betMinor: number; winMinor: number }[],
): Promise<{ balanceBeforeMinor: number; balanceMinor: number }> {
  return sandboxPost('/sandbox/games/play', { provider, username, results });
}

/** The sandbox provider's own record of a member's game account (its real balance and password). */
export async function providerAccount(
  provider: string,
  username: string,
): Promise<{ username: string; password: string; balanceMinor: number } | undefined> {
  const res = await fetch(
    `${SANDBOX_URL}/sandbox/games/accounts?provider=${encodeURIComponent(provider)}`,
  );
  if (!res.ok) throw new Error(`sandbox accounts answered ${res.status}`);
  const accounts = (await res.json()) as {
    username: string;
    password: string;
    balanceMinor: number;
  }[];
  return accounts.find((a) => a.username === username);
}

/** Payouts the sandbox bank received for an account number (newest first). */
export async function payoutsTo(
  accountNo: string,
): Promise<{ reference: string; amountMinor: number; status: string; bankCode: string }[]> {
  const res = await fetch(`${SANDBOX_URL}/sandbox/bank/payouts`);
  if (!res.ok) throw new Error(`sandbox payouts answered ${res.status}`);
  const payouts = (await res.json()) as {
    reference: string;
    accountNo: string;
    amountMinor: number;
    status: string;
    bankCode: string;
  }[];
  return payouts.filter((p) => p.accountNo === accountNo);
}

/** Calls the member's money API with a token and, for calls that move money, a fresh Idempotency-Key. */
export function memberMoney(api: Api, token: string) {
  const moving = () => ({ token, headers: { [IDEMPOTENCY_HEADER]: randomUUID() } });
  return {
    wallet: () => api.get<WalletResponse>('/api/wallet', { token }),
    activate: (code: string) => api.get(`/api/wallet/activate/${code}`, { token }),
    account: (code: string) => api.get<SlotAccount>(`/api/wallet/account/${code}`, { token }),
    transfer: (from: string, to: string, amount: number) =>
      api.post<{ status: string }>('/api/wallet/transfer', { from, to, amount }, moving()),
    withdraw: (amount: number) =>
      api.call<{ message: string; status: string }>('POST', '/api/wallet/withdraw', {
        body: { amount },
        ...moving(),
      }),
    statement: (page: number, limit = 10) =>
      api.post<{ total: number; statements: StatementEntry[] }>(
        '/api/statement',
        { page, limit },
        { token },
      ),
    /** Polls GET /api/wallet until the cash wallet holds `amount` (the bank feed runs on an interval). */
    async waitForCash(amount: number, timeoutMs = 40_000): Promise<WalletResponse> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const wallet = await api.get<WalletResponse>('/api/wallet', { token });
        if (wallet.wallet.amount === amount) return wallet;
        if (Date.now() > deadline)
          throw new Error(`cash wallet shows ${wallet.wallet.amount}, expected ${amount}`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    },
  };
}

/**
 * Opens a page signed in as the member, in English (or `locale`), with the current agreement already accepted on
 * this device (so the home page's agreement modal stays away), at `path`.
 */
export async function signIn(
  page: Page,
  api: Api,
  token: string,
  path = '/user/home',
  locale: 'th' | 'la' | 'en' = 'en',
) {
  const { version } = await api.get<{ version: string }>('/api/lookup/agreements');
  await page.addInitScript(
    ({ token, version, locale }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('locale', locale);
      localStorage.setItem('remember-agreement', version);
    },
    { token, version, locale },
  );
  await page.goto(path);
}

/** A statement row as the page shows it. */
export type ShownRow = {
  type: string | null;
  status: string | null;
  activity: string;
  amount: string;
  statusText: string;
  date: string;
  ago: string;
  text: string;
};

export async function readStatementRows(page: Page): Promise<ShownRow[]> {
  const rows = page.getByTestId('statement-row');
  const shown: ShownRow[] = [];
  for (const row of await rows.all()) {
    shown.push({
      type: await row.getAttribute('data-type'),
      status: await row.getAttribute('data-status'),
      activity: (await row.getByTestId('statement-activity').innerText()).trim(),
      amount: (await row.getByTestId('statement-amount').innerText()).trim(),
      statusText: (await row.getByTestId('statement-status').innerText()).trim(),
      date: (await row.getByTestId('statement-date').innerText()).trim(),
      ago: (await row.getByTestId('statement-ago').innerText()).trim(),
      text: (await row.innerText()).replace(/\s+/g, ' ').trim(),
    });
  }
  return shown;
}

/**
 * Plays `baht` through PG at the sandbox provider, every round winning back its stake, and books the bets: what a
 * deposit needs before its wheel coins and invite commission arrive (docs/decisions/0013-promotions.md#earned-by-play).
 */
export async function playThrough(api: Api, token: string, baht: number): Promise<void> {
  const money = memberMoney(api, token);
  await api.call('GET', '/api/wallet/activate/PG', { token });
  expect((await money.transfer('wallet', 'PG', baht)).status).toBe('SUCCESS');
  const { username } = await money.account('PG');
  await playAtProvider('PG', username, [{ betMinor: baht * 100, winMinor: baht * 100 }]);
  expect((await money.transfer('PG', 'wallet', baht)).status).toBe('SUCCESS');
  await api.get('/api/wallet/refresh/slot', { token });
}
