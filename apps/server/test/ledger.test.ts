import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@/db/database.ts';
import { AppError } from '@/lib/app-error.ts';
import { memberAccountId } from '@/modules/ledger/ledger-ids.ts';
import { getHouseBalance } from '@/modules/ledger/ledger-audit.ts';
import { listPendingTransfers } from '@/modules/ledger/ledger.repository.ts';
import {
  createTransfer,
  getMemberBalances,
  postTransfer,
  postTransfers,
  voidTransfer,
  type CreateTransferInput,
} from '@/modules/ledger/ledger.service.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { registerMember } from './support/members.ts';
import { creditCash, expectLedgerConsistent, insertMember } from './support/money.ts';

let t: TestApp;
let db: Db;
beforeAll(async () => {
  t = await createTestApp();
  db = t.app.deps.db;
});
afterAll(async () => {
  await t?.close();
});

const toGame = (memberId: string, amountMinor: bigint, extra: Partial<CreateTransferInput> = {}) =>
  db.withTransaction((trx) =>
    createTransfer(trx, {
      memberId,
      debit: { memberId, kind: 'cash' },
      credit: { memberId, kind: 'game', provider: 'PG' },
      amountMinor,
      currency: 'THB',
      kind: 'game_in',
      status: 'pending',
      ...extra,
    }),
  );

async function expectCode(promise: Promise<unknown>, code: string) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe(code);
}

describe('accounts', () => {
  it('registration creates the member with cash and bonus accounts in its currency', async () => {
    const member = await registerMember(t);
    const row = await db.kysely
      .selectFrom('members')
      .select('id')
      .where('public_id', '=', member.publicId)
      .executeTakeFirstOrThrow();
    const accounts = await db.kysely
      .selectFrom('ledger_accounts')
      .select(['kind', 'currency'])
      .where('member_id', '=', row.id)
      .orderBy('kind')
      .execute();
    expect(accounts).toEqual([
      { kind: 'bonus', currency: 'THB' },
      { kind: 'cash', currency: 'THB' },
    ]);
    expect(await getMemberBalances(db.kysely, row.id)).toEqual({ cash: 0n, bonus: 0n, games: {} });
  });

  it('seeds the 16 game providers with art held in the database (no outside host)', async () => {
    const providers = await db.kysely
      .selectFrom('game_providers')
      .select(['code', 'category', 'logo', 'background', 'has_auto_login'])
      .orderBy('sort_order')
      .execute();
    expect(providers.map((p) => p.code)).toEqual([
      'JOKER',
      'SEXYGAME',
      'BETFLIX',
      'ASKMEBET',
      'UFABET',
      'SUPERSLOT',
      'PG',
      'SLOTXO',
      'IMI',
      'USUN',
      'AREASLOT',
      'CIRCUS',
      'SLOTRACHA',
      'PGSLOT',
      'JOKER2',
      'HUAYHD',
    ]);
    expect(providers.filter((p) => p.has_auto_login)).toHaveLength(11);
    for (const p of providers) {
      expect(p.logo.startsWith('data:image/svg+xml,')).toBe(true);
      expect(p.background.startsWith('data:image/svg+xml,')).toBe(true);
    }
    expect(new Set(providers.map((p) => p.category))).toEqual(
      new Set(['slot', 'sport', 'casino', 'lotto']),
    );
  });

  it('a member account can never be driven negative, even by a direct update', async () => {
    const { memberId } = await insertMember(db);
    await expect(
      db.kysely
        .updateTable('ledger_accounts')
        .set({ balance: '-1' })
        .where('id', '=', memberAccountId(memberId, 'cash'))
        .execute(),
    ).rejects.toThrow(/ledger_accounts_member_balance_check/);
    await expect(
      db.kysely
        .updateTable('ledger_accounts')
        .set({ reserved: '5' })
        .where('id', '=', memberAccountId(memberId, 'cash'))
        .execute(),
    ).rejects.toThrow(/ledger_accounts_member_balance_check/);
  });
});

describe('transfers', () => {
  it('a posted deposit moves money from the house into the cash wallet; sums stay zero', async () => {
    const { memberId } = await insertMember(db);
    const before = await getHouseBalance(db.kysely, { house: 'bank_in' }, 'THB');
    await creditCash(db, memberId, 123_45n);
    expect((await getMemberBalances(db.kysely, memberId)).cash).toBe(123_45n);
    expect(await getHouseBalance(db.kysely, { house: 'bank_in' }, 'THB')).toBe(before - 123_45n);
    await expectLedgerConsistent(db);
  });

  it('pending reserves, post moves, void returns', async () => {
    const { memberId } = await insertMember(db, { providers: ['PG'] });
    await creditCash(db, memberId, 100_00n);

    const { transfer } = await toGame(memberId, 30_00n);
    expect(transfer.status).toBe('pending');
    expect(transfer.amountMinor).toBe(30_00n);
    expect(await getMemberBalances(db.kysely, memberId)).toEqual({
      cash: 70_00n,
      bonus: 0n,
      games: { PG: 0n },
    });
    await expectLedgerConsistent(db);

    const posted = await db.withTransaction((trx) => postTransfer(trx, transfer.id));
    expect(posted.status).toBe('posted');
    expect(posted.settledAt).toBeInstanceOf(Date);
    expect(await getMemberBalances(db.kysely, memberId)).toEqual({
      cash: 70_00n,
      bonus: 0n,
      games: { PG: 30_00n },
    });
    // Posting twice is a no-op; voiding a posted transfer is refused.
    await db.withTransaction((trx) => postTransfer(trx, transfer.id));
    await expect(db.withTransaction((trx) => voidTransfer(trx, transfer.id))).rejects.toThrow(
      /posted/,
    );
    expect((await getMemberBalances(db.kysely, memberId)).games.PG).toBe(30_00n);

    const second = await toGame(memberId, 50_00n);
    await db.withTransaction((trx) => voidTransfer(trx, second.transfer.id));
    await db.withTransaction((trx) => voidTransfer(trx, second.transfer.id));
    await expect(
      db.withTransaction((trx) => postTransfer(trx, second.transfer.id)),
    ).rejects.toThrow(/voided/);
    expect(await getMemberBalances(db.kysely, memberId)).toEqual({
      cash: 70_00n,
      bonus: 0n,
      games: { PG: 30_00n },
    });
    await expectLedgerConsistent(db);
  });

  it('one batched post settles many pending transfers, summing the moves of a shared account', async () => {
    const a = await insertMember(db, { providers: ['PG'] });
    const b = await insertMember(db, { providers: ['PG'] });
    await creditCash(db, a.memberId, 100_00n);
    await creditCash(db, b.memberId, 100_00n);
    const a1 = await toGame(a.memberId, 10_00n);
    const a2 = await toGame(a.memberId, 20_00n);
    const a3 = await toGame(a.memberId, 5_00n);
    const b1 = await toGame(b.memberId, 40_00n);
    const voided = await toGame(b.memberId, 1_00n);
    const early = await toGame(b.memberId, 2_00n);
    await db.withTransaction((trx) => voidTransfer(trx, voided.transfer.id));
    await db.withTransaction((trx) => postTransfer(trx, early.transfer.id));

    const ids = [a1, a2, a3, b1, voided, early].map((r) => r.transfer.id);
    const posted = await postTransfers(db.kysely, ids);
    // Only the transfers that were pending are in the answer; the voided and the already posted are left as they were.
    expect([...posted.keys()].sort()).toEqual([a1, a2, a3, b1].map((r) => r.transfer.id).sort());
    expect([...posted.values()].every((r) => r.status === 'posted' && r.settledAt !== null)).toBe(
      true,
    );
    expect(await getMemberBalances(db.kysely, a.memberId)).toEqual({
      cash: 65_00n,
      bonus: 0n,
      games: { PG: 35_00n },
    });
    expect(await getMemberBalances(db.kysely, b.memberId)).toEqual({
      cash: 58_00n,
      bonus: 0n,
      games: { PG: 42_00n },
    });
    // Posting the same batch again moves nothing.
    expect((await postTransfers(db.kysely, ids)).size).toBe(0);
    expect((await getMemberBalances(db.kysely, a.memberId)).games.PG).toBe(35_00n);
    await expectLedgerConsistent(db);
  });

  it('batched posts racing with single settles and each other post each transfer exactly once', async () => {
    const { memberId } = await insertMember(db, { providers: ['PG'] });
    await creditCash(db, memberId, 1_000_00n);
    const pending = [];
    for (let i = 0; i < 40; i += 1) pending.push((await toGame(memberId, 1_00n)).transfer.id);
    // Overlapping batches and single posts of the same transfers, all at once.
    await Promise.all([
      postTransfers(db.kysely, pending.slice(0, 25)),
      postTransfers(db.kysely, pending.slice(15, 40)),
      postTransfers(db.kysely, [...pending].reverse()),
      ...pending
        .filter((_, i) => i % 3 === 0)
        .map((id) => db.withTransaction((trx) => postTransfer(trx, id))),
    ]);
    expect(await getMemberBalances(db.kysely, memberId)).toEqual({
      cash: 960_00n,
      bonus: 0n,
      games: { PG: 40_00n },
    });
    await expectLedgerConsistent(db);
  });

  it('a debit beyond the available funds is MONEY_NOT_ENOUGH and records nothing', async () => {
    const { memberId } = await insertMember(db, { providers: ['PG'] });
    await creditCash(db, memberId, 10_00n);
    await toGame(memberId, 6_00n); // pending: 4.00 left available
    const rows = await t.countRows('ledger_transfers');
    await expectCode(toGame(memberId, 4_01n), 'MONEY_NOT_ENOUGH');
    expect(await t.countRows('ledger_transfers')).toBe(rows);
    await toGame(memberId, 4_00n);
    expect((await getMemberBalances(db.kysely, memberId)).cash).toBe(0n);
    await expectLedgerConsistent(db);
  });

  it('outside a transaction (one statement), a debit beyond the funds is MONEY_NOT_ENOUGH and records nothing', async () => {
    const { memberId } = await insertMember(db, { providers: ['PG'] });
    await creditCash(db, memberId, 5_00n);
    const input = {
      memberId,
      debit: { memberId, kind: 'cash' as const },
      credit: { memberId, kind: 'game' as const, provider: 'PG' },
      currency: 'THB' as const,
      kind: 'game_in' as const,
    };
    const rows = await t.countRows('ledger_transfers');
    await expectCode(
      createTransfer(db.kysely, { ...input, amountMinor: 5_01n, status: 'pending' }),
      'MONEY_NOT_ENOUGH',
    );
    // A posted debit moves two member accounts in one statement; refused alike.
    await expectCode(
      createTransfer(db.kysely, { ...input, amountMinor: 5_01n, status: 'posted' }),
      'MONEY_NOT_ENOUGH',
    );
    expect(await t.countRows('ledger_transfers')).toBe(rows);
    const key = randomUUID();
    const first = await createTransfer(db.kysely, {
      ...input,
      amountMinor: 3_00n,
      status: 'pending',
      idempotencyKey: key,
    });
    const again = await createTransfer(db.kysely, {
      ...input,
      amountMinor: 3_00n,
      status: 'pending',
      idempotencyKey: key,
    });
    expect(again).toEqual({ transfer: first.transfer, isReplay: true });
    await postTransfer(db.kysely, first.transfer.id);
    expect(await getMemberBalances(db.kysely, memberId)).toMatchObject({
      cash: 2_00n,
      games: { PG: 3_00n },
    });
    await expectLedgerConsistent(db);
  });

  it('a transfer to a game account that does not exist is refused and records nothing', async () => {
    const { memberId } = await insertMember(db);
    await creditCash(db, memberId, 10_00n);
    const rows = await t.countRows('ledger_transfers');
    await expect(toGame(memberId, 1_00n, { status: 'posted' })).rejects.toThrow(
      /ledger_transfers_credit_fkey|does not exist/,
    );
    expect(await t.countRows('ledger_transfers')).toBe(rows);
  });

  it('the currencies never mix: a THB transfer cannot touch a LAK member', async () => {
    const { memberId } = await insertMember(db, { currency: 'LAK' });
    await expect(creditCash(db, memberId, 1_00n, 'THB')).rejects.toThrow();
    await creditCash(db, memberId, 1_000_00n, 'LAK');
    expect((await getMemberBalances(db.kysely, memberId)).cash).toBe(1_000_00n);
    await expectLedgerConsistent(db);
  });

  it('one idempotency key moves money once; other details under that key are refused', async () => {
    const { memberId } = await insertMember(db, { providers: ['PG'] });
    await creditCash(db, memberId, 100_00n);
    const key = randomUUID();
    const first = await toGame(memberId, 10_00n, { idempotencyKey: key });
    const again = await toGame(memberId, 10_00n, { idempotencyKey: key });
    expect(first.isReplay).toBe(false);
    expect(again).toEqual({ transfer: first.transfer, isReplay: true });
    await expectCode(toGame(memberId, 11_00n, { idempotencyKey: key }), 'IDEMPOTENCY_KEY_REUSED');
    expect((await getMemberBalances(db.kysely, memberId)).cash).toBe(90_00n);
    // The same key belongs to each member separately.
    const other = await insertMember(db, { providers: ['PG'] });
    await creditCash(db, other.memberId, 10_00n);
    expect((await toGame(other.memberId, 10_00n, { idempotencyKey: key })).isReplay).toBe(false);
  });

  it('one external reference is credited once per kind', async () => {
    const { memberId } = await insertMember(db);
    const ref = `bank-${randomUUID()}`;
    const credit = () =>
      db.withTransaction((trx) =>
        createTransfer(trx, {
          memberId,
          debit: { house: 'bank_in' },
          credit: { memberId, kind: 'cash' },
          amountMinor: 5_00n,
          currency: 'THB',
          kind: 'deposit',
          status: 'posted',
          externalRef: ref,
        }),
      );
    const [a, b] = await Promise.all([credit(), credit()]);
    expect([a.isReplay, b.isReplay].sort()).toEqual([false, true]);
    expect((await getMemberBalances(db.kysely, memberId)).cash).toBe(5_00n);
    await expectLedgerConsistent(db);
  });

  it('lists pending transfers of given kinds older than a moment, oldest first', async () => {
    const { memberId } = await insertMember(db, { providers: ['PG'] });
    await creditCash(db, memberId, 10_00n);
    const old = new Date(Date.now() - 60_000);
    const a = await toGame(memberId, 1_00n, { now: old });
    const b = await toGame(memberId, 1_00n);
    const pending = await listPendingTransfers(db.kysely, {
      kinds: ['game_in'],
      olderThan: new Date(Date.now() - 30_000),
    });
    const ids = pending.map((p) => p.id);
    expect(ids).toContain(a.transfer.id);
    expect(ids).not.toContain(b.transfer.id);
    expect(
      await listPendingTransfers(db.kysely, { kinds: ['withdraw'], olderThan: new Date() }),
    ).not.toContainEqual(expect.objectContaining({ id: a.transfer.id }));
  });

  it('house accounts are never updated: their balance column stays zero', async () => {
    const { memberId } = await insertMember(db);
    await creditCash(db, memberId, 1_00n);
    const row = await sql<{ n: string }>`select count(*)::text as n from ledger_accounts
      where member_id is null and (balance <> 0 or reserved <> 0 or version <> 0)`.execute(
      db.kysely,
    );
    expect(row.rows[0]?.n).toBe('0');
  });
});
