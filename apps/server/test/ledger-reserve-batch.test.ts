import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@/db/database.ts';
import { AppError } from '@/lib/app-error.ts';
import { reserveTransfers, type Reservation } from '@/modules/ledger/ledger-reserve-batch.ts';
import { createTransfer, getMemberBalances } from '@/modules/ledger/ledger.service.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
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

const toGame = (memberId: string, amountMinor: bigint, key = randomUUID()): Reservation => ({
  id: randomUUID(),
  memberId,
  debit: { kind: 'cash' },
  credit: { kind: 'game', provider: 'PG' },
  amountMinor,
  currency: 'THB',
  kind: 'game_in',
  idempotencyKey: key,
  metadata: { provider: 'PG', username: 'u' },
  now: new Date(),
});

describe('batched reservations (docs/decisions/0006)', () => {
  it('records and reserves each one whose funds suffice; the short, the repeated key and the unknown account are left out', async () => {
    const a = await insertMember(db, { providers: ['PG'] });
    const b = await insertMember(db, { providers: ['PG'] });
    const poor = await insertMember(db, { providers: ['PG'] });
    const repeat = await insertMember(db, { providers: ['PG'] });
    for (const m of [a, b, poor, repeat]) await creditCash(db, m.memberId, 10_00n);
    const key = randomUUID();
    const first = await reserveTransfers(db.kysely, [toGame(repeat.memberId, 1_00n, key)]);
    expect(first.size).toBe(1);
    const rows = await t.countRows('ledger_transfers');

    const items = [
      toGame(a.memberId, 3_00n),
      toGame(b.memberId, 10_00n),
      toGame(poor.memberId, 10_01n),
      toGame(repeat.memberId, 1_00n, key),
      toGame(randomUUID(), 1_00n),
    ];
    const recorded = await reserveTransfers(db.kysely, items);
    expect([...recorded.keys()].sort()).toEqual([items[0]?.id, items[1]?.id].sort());
    expect([...recorded.values()].every((r) => r.status === 'pending')).toBe(true);
    expect(recorded.get(items[0]?.id ?? '')?.amountMinor).toBe(3_00n);
    expect(await t.countRows('ledger_transfers')).toBe(rows + 2);
    expect((await getMemberBalances(db.kysely, a.memberId)).cash).toBe(7_00n);
    expect((await getMemberBalances(db.kysely, b.memberId)).cash).toBe(0n);
    expect((await getMemberBalances(db.kysely, poor.memberId)).cash).toBe(10_00n);
    expect((await getMemberBalances(db.kysely, repeat.memberId)).cash).toBe(9_00n);
    await expectLedgerConsistent(db);
  });

  it('a game → wallet reservation holds the game account', async () => {
    const { memberId } = await insertMember(db, { providers: ['PG'] });
    await creditCash(db, memberId, 5_00n);
    const item = toGame(memberId, 5_00n);
    await reserveTransfers(db.kysely, [item]);
    // Nothing on the game side yet (pending): a reservation out of it is refused for want of funds.
    const out: Reservation = {
      ...toGame(memberId, 1_00n),
      debit: { kind: 'game', provider: 'PG' },
      credit: { kind: 'cash' },
      kind: 'game_out',
    };
    expect((await reserveTransfers(db.kysely, [out])).size).toBe(0);
  });

  it('refuses two reservations on one debit account in a batch', async () => {
    const { memberId } = await insertMember(db, { providers: ['PG'] });
    await expect(
      reserveTransfers(db.kysely, [toGame(memberId, 1_00n), toGame(memberId, 1_00n)]),
    ).rejects.toThrow(/one reservation per debit account/);
  });

  it('batches racing single reservations on one account never reserve more than the funds', async () => {
    const { memberId } = await insertMember(db, { providers: ['PG'] });
    const other = await insertMember(db, { providers: ['PG'] });
    await creditCash(db, memberId, 10_00n);
    await creditCash(db, other.memberId, 100_00n);
    const single = async () => {
      try {
        await createTransfer(db.kysely, {
          memberId,
          debit: { memberId, kind: 'cash' },
          credit: { memberId, kind: 'game', provider: 'PG' },
          amountMinor: 1_00n,
          currency: 'THB',
          kind: 'game_in',
          status: 'pending',
          idempotencyKey: randomUUID(),
        });
        return 1;
      } catch (error) {
        if (error instanceof AppError && error.code === 'MONEY_NOT_ENOUGH') return 0;
        throw error;
      }
    };
    const batch = async () =>
      (await reserveTransfers(db.kysely, [toGame(memberId, 1_00n), toGame(other.memberId, 1_00n)]))
        .size;
    const counts = await Promise.all(
      Array.from({ length: 24 }, (_, i) => (i % 2 === 0 ? batch() : single())),
    );
    const otherCount = 12;
    // Exactly the ten 1.00 reservations the funds allow were made on the member's cash.
    expect(counts.reduce((s, n) => s + n, 0) - otherCount).toBe(10);
    expect((await getMemberBalances(db.kysely, memberId)).cash).toBe(0n);
    expect((await getMemberBalances(db.kysely, other.memberId)).cash).toBe(88_00n);
    await expectLedgerConsistent(db);
  });
});
