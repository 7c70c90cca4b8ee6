import { randomUUID } from 'node:crypto';
import {
  insertBonusesIfMissing,
  type NewBonus,
} from '@/modules/bonus/bonus-catalogue.repository.ts';
import { createTransfer } from '@/modules/ledger/ledger.service.ts';
import { signedInMember, type Registration } from './members.ts';
import type { TestApp } from './test-app.ts';

let sequence = 0;

/** A bonus of this test only (a unique code), inserted straight in the database; answers its code. */
export async function addBonus(t: TestApp, overrides: Partial<NewBonus> = {}): Promise<string> {
  sequence += 1;
  const code = overrides.code ?? `T${randomUUID().slice(0, 8).toUpperCase()}${sequence}`;
  await insertBonusesIfMissing(
    t.app.deps.db.kysely,
    [
      {
        code,
        name: { th: `โบนัส ${code}`, la: `ໂບນັດ ${code}`, en: `Bonus ${code}` },
        description: { th: 'ทดสอบ', la: 'ທົດສອບ', en: 'test' },
        type: 'limit',
        maxReceived: 1,
        percentFail: 10,
        banners: [],
        amountKind: 'percent',
        percent: 50,
        maxBonusMinor: 50_000n,
        minDepositMinor: 10_000n,
        withdrawCapMinor: null,
        conditionKind: 'credit',
        multiplier: 2,
        categoryWeights: {},
        validDays: 7,
        isPromotion: false,
        quota: null,
        sortOrder: 100,
        ...overrides,
      },
    ],
    t.clock.now(),
  );
  return code;
}

/** A posted deposit into the member's cash at the test clock's time (bank-in house account → cash). */
export async function deposit(t: TestApp, memberId: string, amountMinor: bigint): Promise<void> {
  await t.app.deps.db.withTransaction((trx) =>
    createTransfer(trx, {
      memberId,
      debit: { house: 'bank_in' },
      credit: { memberId, kind: 'cash' },
      amountMinor,
      currency: 'THB',
      kind: 'deposit',
      status: 'posted',
      externalRef: randomUUID(),
      now: t.clock.now(),
    }),
  );
}

/** A signed-in member (through the real registration) with its internal id. */
export async function bonusMember(t: TestApp, overrides: Partial<Registration> = {}) {
  const member = await signedInMember(t, overrides);
  const row = await t.app.deps.db.kysely
    .selectFrom('members')
    .select('id')
    .where('public_id', '=', member.publicId)
    .executeTakeFirstOrThrow();
  return { ...member, memberId: row.id };
}

/** A signed-in member with a posted deposit of `depositMinor` (none when 0n). */
export async function depositedMember(t: TestApp, depositMinor = 0n) {
  const member = await bonusMember(t);
  if (depositMinor > 0n) await deposit(t, member.memberId, depositMinor);
  return member;
}

export function get(t: TestApp, url: string, token: string) {
  return t.api('GET', url, { token });
}

export async function activate(t: TestApp, code: string, token: string) {
  return get(t, `/api/bonus/activate/${code}`, token);
}

export async function wallet(t: TestApp, token: string) {
  const response = await get(t, '/api/wallet', token);
  return response.json() as {
    wallet: { amount: number; bonusAmount: number; hasReceivedBonus: boolean };
    overall: { total: number };
  };
}

export async function statement(t: TestApp, token: string) {
  const response = await t.api('POST', '/api/statement', {
    token,
    body: { page: 1, limit: 50 },
  });
  return (
    response.json() as {
      statements: {
        statementType: string;
        amount: number;
        description: string | null;
        localizedDescription?: { th: string; la: string; en: string } | null;
        from: string;
        to: string;
      }[];
    }
  ).statements;
}
