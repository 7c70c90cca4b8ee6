import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@/db/database.ts';
import { createTransfer, postTransfer, voidTransfer } from '@/modules/ledger/ledger.service.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { creditCash, expectLedgerConsistent, insertMember } from './support/money.ts';

/** Issue 8 A12: posted history cannot be rewritten, even by a raw statement of the application's own connection. */

let t: TestApp;
let db: Db;
beforeAll(async () => {
  t = await createTestApp();
  db = t.app.deps.db;
});
afterAll(async () => {
  await t?.close();
});

async function pendingWithdraw(memberId: string) {
  const { transfer } = await db.withTransaction((trx) =>
    createTransfer(trx, {
      memberId,
      debit: { memberId, kind: 'cash' },
      credit: { house: 'bank_out' },
      amountMinor: 10_00n,
      currency: 'THB',
      kind: 'withdraw',
      status: 'pending',
      idempotencyKey: randomUUID(),
    }),
  );
  return transfer;
}

const rowOf = async (id: string) =>
  (
    await sql<{ status: string; amount: string }>`
    select status, amount::text as amount from ledger_transfers where id = ${id}`.execute(db.kysely)
  ).rows[0];

describe('ledger history is append-only', () => {
  it('a posted or voided transfer cannot be updated or deleted; pending → posted / voided still works', async () => {
    const { memberId } = await insertMember(db);
    await creditCash(db, memberId, 100_00n);
    const posted = await pendingWithdraw(memberId);
    await db.withTransaction((trx) => postTransfer(trx, posted.id));
    const voided = await pendingWithdraw(memberId);
    await db.withTransaction((trx) => voidTransfer(trx, voided.id));
    // Settling again is still the ledger's idempotent no-op (it changes no row).
    await db.withTransaction((trx) => postTransfer(trx, posted.id));

    const attempts = [
      sql`update ledger_transfers set amount = amount + 1 where id = ${posted.id}`,
      sql`update ledger_transfers set status = 'voided' where id = ${posted.id}`,
      sql`update ledger_transfers set status = 'pending', settled_at = null where id = ${posted.id}`,
      sql`update ledger_transfers set settled_at = now() where id = ${posted.id}`,
      sql`update ledger_transfers set status = 'posted' where id = ${voided.id}`,
      sql`delete from ledger_transfers where id = ${posted.id}`,
      sql`delete from ledger_transfers where id = ${voided.id}`,
      sql`truncate ledger_transfers cascade`,
    ];
    for (const attempt of attempts)
      await expect(attempt.execute(db.kysely), attempt.compile(db.kysely).sql).rejects.toThrow(
        /append-only/,
      );

    expect(await rowOf(posted.id)).toEqual({ status: 'posted', amount: '1000' });
    expect(await rowOf(voided.id)).toEqual({ status: 'voided', amount: '1000' });
    await expectLedgerConsistent(db);
  });

  it('a pending transfer may change only its status and settlement time', async () => {
    const { memberId } = await insertMember(db);
    await creditCash(db, memberId, 100_00n);
    const pending = await pendingWithdraw(memberId);
    await expect(
      sql`update ledger_transfers set amount = 1, status = 'posted', settled_at = now()
        where id = ${pending.id}`.execute(db.kysely),
    ).rejects.toThrow(/append-only/);
    await expect(
      sql`delete from ledger_transfers where id = ${pending.id}`.execute(db.kysely),
    ).rejects.toThrow(/append-only/);
    await db.withTransaction((trx) => voidTransfer(trx, pending.id));
    expect(await rowOf(pending.id)).toEqual({ status: 'voided', amount: '1000' });
    await expectLedgerConsistent(db);
  });
});
