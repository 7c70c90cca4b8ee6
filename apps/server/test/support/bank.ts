import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { getMemberBalances } from '@/modules/ledger/ledger.service.ts';
import { saveSetting } from '@/modules/settings/settings.repository.ts';
import type { SettingValue } from '@/modules/settings/settings.schema.ts';
import type { TestApp } from './test-app.ts';

/** A sandbox control call (no key). */
export async function sandboxPost(t: TestApp, path: string, body: unknown = {}): Promise<unknown> {
  const response = await fetch(`${t.sandboxUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json: unknown = await response.json();
  expect(response.status, JSON.stringify(json)).toBe(200);
  return json;
}

export async function sandboxGet<T>(t: TestApp, path: string): Promise<T> {
  const response = await fetch(`${t.sandboxUrl}${path}`);
  return (await response.json()) as T;
}

export type SandboxPayout = {
  reference: string;
  bankCode: string;
  accountNo: string;
  amountMinor: number;
  status: 'success' | 'failed';
};

export async function payoutsTo(t: TestApp, accountNo: string): Promise<SandboxPayout[]> {
  const all = await sandboxGet<SandboxPayout[]>(t, '/sandbox/bank/payouts');
  return all.filter((p) => p.accountNo === accountNo);
}

export async function memberIdOf(t: TestApp, phone: string): Promise<string> {
  const row = await t.app.deps.db.kysely
    .selectFrom('members')
    .select('id')
    .where('phone', '=', phone)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The member's registered account sends money to the operator; the bank feed credits it. */
export async function depositViaBank(
  t: TestApp,
  member: { bankCode: string; bankAccountNo: string },
  amountMinor: number,
): Promise<void> {
  await sandboxPost(t, '/sandbox/bank/credit-member', {
    bankCode: member.bankCode,
    accountNo: member.bankAccountNo,
    amountMinor,
  });
  const summary = await t.app.moneyOut.bankFeed.runBankFeedOnce();
  expect(summary.credited).toBeGreaterThanOrEqual(1);
}

export async function cashOf(t: TestApp, memberId: string): Promise<bigint> {
  return (await getMemberBalances(t.app.deps.db.kysely, memberId)).cash;
}

export function withdrawCall(
  t: TestApp,
  token: string,
  amount: unknown,
  options: { key?: string | null; path?: '/api/wallet/withdraw' | '/api/wallet/withdrawAll' } = {},
) {
  const key = options.key === undefined ? randomUUID() : options.key;
  return t.api('POST', options.path ?? '/api/wallet/withdraw', {
    token,
    body: { amount },
    headers: key === null ? {} : { 'idempotency-key': key },
  });
}

export async function setWithdrawLimits(
  t: TestApp,
  limits: Partial<SettingValue<'withdrawLimits'>>,
): Promise<void> {
  await saveSetting(
    t.app.deps.db.kysely,
    'withdrawLimits',
    { dailyCount: 100, dailyAmountMinor: 10_000_000_00, autoPayoutMaxMinor: 20_000_00, ...limits },
    t.clock.now(),
  );
}

export async function statementOf(t: TestApp, token: string, page = 1, limit = 10) {
  const response = await t.api('POST', '/api/statement', { token, body: { page, limit } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    total: number;
    statements: {
      _id: string;
      statementType: string;
      from: string;
      to: string;
      amount: number;
      status: string;
      createdAt: string;
      description: string | null;
    }[];
  };
}
