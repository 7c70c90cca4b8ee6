import { ledgerCurrency, type LedgerCurrency } from '@mekong/contracts/constants';
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { Db } from '@/db/database.ts';
import { newPublicId } from '@/lib/secure-random.ts';
import { checkInvariants, findAccountMismatches } from '@/modules/ledger/ledger-audit.ts';
import {
  createTransfer,
  ensureGameAccount,
  ensureMemberAccounts,
} from '@/modules/ledger/ledger.service.ts';
import { signedInMember, uniquePhone } from './members.ts';
import type { TestApp } from './test-app.ts';

/** A member row with its cash and bonus accounts, straight in the database (no HTTP, no password hashing). */
export async function insertMember(
  db: Db,
  options: { currency?: 'BAHT' | 'LAK'; providers?: string[] } = {},
): Promise<{ memberId: string; currency: LedgerCurrency }> {
  const memberId = randomUUID();
  const now = new Date();
  const memberCurrency = options.currency ?? 'BAHT';
  const currency = ledgerCurrency(memberCurrency);
  await db.withTransaction(async (trx) => {
    await trx
      .insertInto('members')
      .values({
        id: memberId,
        public_id: newPublicId(),
        phone: uniquePhone(),
        name: 'Ledger Test',
        password_hash: 'x',
        currency: memberCurrency,
        status: 'active',
        source_code: null,
        invited_by: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await ensureMemberAccounts(trx, memberId, currency, now);
    for (const provider of options.providers ?? [])
      await ensureGameAccount(trx, memberId, provider, currency, now);
  });
  return { memberId, currency };
}

/** Credits a member's cash wallet from the bank-in house account (a deposit), posted at once. */
export async function creditCash(
  db: Db,
  memberId: string,
  amountMinor: bigint,
  currency: LedgerCurrency = 'THB',
): Promise<void> {
  await db.withTransaction((trx) =>
    createTransfer(trx, {
      memberId,
      debit: { house: 'bank_in' },
      credit: { memberId, kind: 'cash' },
      amountMinor,
      currency,
      kind: 'deposit',
      status: 'posted',
      externalRef: randomUUID(),
    }),
  );
}

/** Invariants 1 and 2 of docs/decisions/0002-ledger.md hold for the whole database. */
export async function expectLedgerConsistent(db: Db): Promise<void> {
  expect(await checkInvariants(db.kysely)).toEqual([
    { currency: 'THB', sum: 0n },
    { currency: 'LAK', sum: 0n },
  ]);
  expect(await findAccountMismatches(db.kysely)).toEqual([]);
  const negative = await db.kysely
    .selectFrom('ledger_accounts')
    .select('id')
    .where('member_id', 'is not', null)
    .where((eb) => eb.or([eb('balance', '<', 0), eb('reserved', '<', 0)]))
    .execute();
  expect(negative).toEqual([]);
}

/** A signed-in member (through the real registration and login) with its internal id. */
export async function walletMember(t: TestApp) {
  const member = await signedInMember(t);
  const row = await t.app.deps.db.kysely
    .selectFrom('members')
    .select('id')
    .where('public_id', '=', member.publicId)
    .executeTakeFirstOrThrow();
  return { ...member, memberId: row.id };
}

/** Calls a money-moving API with a fresh (or the given) Idempotency-Key. */
export function moneyCall(
  t: TestApp,
  url: string,
  token: string,
  body: unknown,
  key: string = randomUUID(),
) {
  return t.api('POST', url, { token, body, headers: { 'idempotency-key': key } });
}

export async function sandboxPost(t: TestApp, path: string, body: unknown): Promise<unknown> {
  const response = await fetch(`${t.sandboxUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json: unknown = await response.json();
  if (!response.ok)
    throw new Error(`sandbox ${path} answered ${response.status}: ${JSON.stringify(json)}`);
  return json;
}

export type SandboxGameAccount = {
  provider: string;
  username: string;
  password: string;
  balanceMinor: number;
};

export async function sandboxAccounts(
  t: TestApp,
  provider?: string,
): Promise<SandboxGameAccount[]> {
  const response = await fetch(
    `${t.sandboxUrl}/sandbox/games/accounts${provider ? `?provider=${provider}` : ''}`,
  );
  return (await response.json()) as SandboxGameAccount[];
}

export async function sandboxBalance(
  t: TestApp,
  provider: string,
  username: string,
): Promise<bigint> {
  const account = (await sandboxAccounts(t, provider)).find((a) => a.username === username);
  if (!account) throw new Error(`no sandbox account ${provider}/${username}`);
  return BigInt(account.balanceMinor);
}

export function setGameFaults(t: TestApp, faults: Record<string, unknown>) {
  return sandboxPost(t, '/sandbox/games/faults', faults);
}

export function clearGameFaults(t: TestApp) {
  return sandboxPost(t, '/sandbox/games/faults/clear', {});
}
