import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BankGatewayError } from '@/adapters/bank/bank-gateway.ts';
import { createBankFeedService } from '@/modules/bank-feed/bank-feed.service.ts';
import { cashOf, memberIdOf, sandboxPost, statementOf } from './support/bank.ts';
import { signedInMember, uniqueAccountNo } from './support/members.ts';
import { expectLedgerConsistent } from './support/money.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await sandboxPost(t, '/sandbox/bank/faults/clear');
});

const feed = () => t.app.moneyOut.bankFeed;

async function member() {
  const m = await signedInMember(t);
  return { ...m, memberId: await memberIdOf(t, m.username) };
}

type Credit = { bankCode: string; accountNo: string; amountMinor: number; currency?: string };
async function bankSends(credit: Credit): Promise<string> {
  const answer = (await sandboxPost(t, '/sandbox/bank/credit-member', credit)) as {
    transfer: { reference: string };
  };
  return answer.transfer.reference;
}

async function incoming(reference: string) {
  return t.app.deps.db.kysely
    .selectFrom('bank_incoming_transfers')
    .selectAll()
    .where('reference', '=', reference)
    .executeTakeFirstOrThrow();
}

describe('bank feed: deposits by bank transfer (D6)', () => {
  it('credits the member whose registered account sent the money, once, and shows it in the statement', async () => {
    const m = await member();
    const reference = await bankSends({
      bankCode: m.bankCode,
      accountNo: m.bankAccountNo,
      amountMinor: 1_250_75,
    });
    expect(await feed().runBankFeedOnce()).toMatchObject({ credited: 1, unmatched: 0 });
    expect(await cashOf(t, m.memberId)).toBe(1_250_75n);
    expect(await incoming(reference)).toMatchObject({ status: 'credited', member_id: m.memberId });
    const { statements } = await statementOf(t, m.token);
    expect(statements).toEqual([
      expect.objectContaining({
        statementType: 'deposit',
        from: 'bank',
        to: 'wallet',
        amount: 1_250.75,
        status: 'SUCCESS',
      }),
    ]);
    // The cursor is kept: the next run reads nothing new.
    expect(await feed().runBankFeedOnce()).toEqual({
      read: 0,
      credited: 0,
      unmatched: 0,
      duplicates: 0,
      alreadyCredited: 0,
    });
  });

  it('credits a transfer read twice only once (a lost cursor, or two readers at once)', async () => {
    const m = await member();
    await bankSends({ bankCode: m.bankCode, accountNo: m.bankAccountNo, amountMinor: 500_00 });
    await feed().runBankFeedOnce();
    // The cursor is lost (or the bank restarted): the whole feed comes again.
    await t.app.deps.db.kysely.deleteFrom('job_cursors').execute();
    const again = await feed().runBankFeedOnce();
    expect(again.credited).toBe(0);
    expect(again.duplicates).toBe(again.read);
    expect(await cashOf(t, m.memberId)).toBe(500_00n);

    // Two independent readers (e.g. two server processes) race on a fresh transfer.
    await bankSends({ bankCode: m.bankCode, accountNo: m.bankAccountNo, amountMinor: 10_00 });
    await t.app.deps.db.kysely.deleteFrom('job_cursors').execute();
    const second = createBankFeedService(t.app.deps);
    const results = await Promise.all([feed().runBankFeedOnce(), second.runBankFeedOnce()]);
    expect(results[0].credited + results[1].credited).toBe(1);
    expect(await cashOf(t, m.memberId)).toBe(510_00n);
    await expectLedgerConsistent(t.app.deps.db);
  });

  it('matches the sender bank by its clearing number too (004 is KBANK)', async () => {
    const m = await member();
    expect(m.bankCode).toBe('KBANK');
    await bankSends({ bankCode: '004', accountNo: m.bankAccountNo, amountMinor: 77_00 });
    expect(await feed().runBankFeedOnce()).toMatchObject({ credited: 1 });
    expect(await cashOf(t, m.memberId)).toBe(77_00n);
  });

  it('keeps a transfer from an unknown account, or in another currency, for an operator; never lost', async () => {
    const m = await member();
    const stranger = await bankSends({
      bankCode: 'SCB',
      accountNo: uniqueAccountNo(),
      amountMinor: 900_00,
    });
    const wrongCurrency = await bankSends({
      bankCode: m.bankCode,
      accountNo: m.bankAccountNo,
      amountMinor: 50_000_00,
      currency: 'LAK',
    });
    expect(await feed().runBankFeedOnce()).toMatchObject({ unmatched: 2, credited: 0 });
    expect(await incoming(stranger)).toMatchObject({
      status: 'unmatched',
      unmatched_reason: 'no_member',
      member_id: null,
      transfer_id: null,
    });
    expect(await incoming(wrongCurrency)).toMatchObject({
      status: 'unmatched',
      unmatched_reason: 'currency_mismatch',
    });
    expect(await cashOf(t, m.memberId)).toBe(0n);
    const queue = await feed().listUnmatched();
    expect(queue.map((q) => q.reference)).toEqual(
      expect.arrayContaining([stranger, wrongCurrency]),
    );

    // The operator finds whose it is and credits it, once.
    const row = await incoming(stranger);
    const resolved = await feed().creditUnmatched(row.id, m.memberId, 'operator-1');
    expect(resolved).toMatchObject({ status: 'resolved', memberId: m.memberId });
    expect(await feed().creditUnmatched(row.id, m.memberId, 'operator-1')).toMatchObject({
      status: 'resolved',
    });
    expect(await cashOf(t, m.memberId)).toBe(900_00n);
    await expect(
      feed().creditUnmatched((await incoming(wrongCurrency)).id, m.memberId, 'operator-1'),
    ).rejects.toMatchObject({ code: 'INVALID_REQUEST' });
    await expectLedgerConsistent(t.app.deps.db);
  });

  it('runs as the bank-feed background job', async () => {
    expect(t.app.jobs.jobNames).toEqual(
      expect.arrayContaining(['bank-feed', 'payout-reconciliation']),
    );
    const m = await member();
    await bankSends({ bankCode: m.bankCode, accountNo: m.bankAccountNo, amountMinor: 42_00 });
    await t.app.jobs.runNow('bank-feed');
    expect(await cashOf(t, m.memberId)).toBe(42_00n);
  });

  it('keeps the cursor when the bank fails, and catches up afterwards', async () => {
    const m = await member();
    await feed().runBankFeedOnce();
    const before = await t.app.deps.db.kysely.selectFrom('job_cursors').selectAll().execute();
    await bankSends({ bankCode: m.bankCode, accountNo: m.bankAccountNo, amountMinor: 20_00 });
    await sandboxPost(t, '/sandbox/bank/faults', { failureRate: 1 });
    await expect(feed().runBankFeedOnce()).rejects.toBeInstanceOf(BankGatewayError);
    expect(await t.app.deps.db.kysely.selectFrom('job_cursors').selectAll().execute()).toEqual(
      before,
    );
    await sandboxPost(t, '/sandbox/bank/faults/clear');
    expect(await feed().runBankFeedOnce()).toMatchObject({ credited: 1 });
    expect(await cashOf(t, m.memberId)).toBe(20_00n);
  });
});
