import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveSetting } from '@/modules/settings/settings.repository.ts';
import { cashOf, sandboxPost } from './support/bank.ts';
import { auditOf, claimAndDecide, claimItem, decide } from './support/deposit-queues.ts';
import { uniqueAccountNo } from './support/members.ts';
import { expectLedgerConsistent, walletMember } from './support/money.ts';
import {
  adminApi,
  reauthenticate,
  signedInOperator,
  type TestOperator,
} from './support/operators.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let finance: TestOperator;
beforeAll(async () => {
  t = await createTestApp();
  finance = await signedInOperator(t, 'finance');
});
afterAll(async () => {
  await t?.close();
});

/** A transfer into the operator's account from an account no member registered (with that bank); the feed reads it. */
async function unmatchedLine(line: {
  bankCode?: string;
  accountNo?: string;
  accountName?: string;
  amountMinor: number;
}) {
  const answer = (await sandboxPost(t, '/sandbox/bank/credit-member', {
    bankCode: line.bankCode ?? 'SCB',
    accountNo: line.accountNo ?? uniqueAccountNo(),
    amountMinor: line.amountMinor,
    ...(line.accountName ? { accountName: line.accountName } : {}),
  })) as { transfer: { reference: string } };
  expect(await t.app.moneyOut.bankFeed.runBankFeedOnce()).toMatchObject({ unmatched: 1 });
  const row = await t.app.deps.db.kysely
    .selectFrom('bank_incoming_transfers')
    .select(['id', 'status'])
    .where('reference', '=', answer.transfer.reference)
    .executeTakeFirstOrThrow();
  expect(row.status).toBe('unmatched');
  return row.id;
}

type Detail = {
  status: string;
  suggestions: {
    member: { id: string };
    score: number;
    reasons: { kind: string; detail: string }[];
  }[];
};

async function detail(id: string) {
  const response = await adminApi(t, 'GET', `/api/admin/deposits/bank-lines/${id}`, {
    token: finance.token,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Detail>();
}

describe('bank lines not matched to a member (docs/back-office/money-in.md)', () => {
  it('suggests members by account number, then name, then an open notice of the amount, best first', async () => {
    const byAccount = await walletMember(t);
    const byName = await walletMember(t);
    await t.app.deps.db.kysely
      .updateTable('member_bank_accounts')
      .set({ account_name: 'วิชัย บุญมี' })
      .where('member_id', '=', byName.memberId)
      .execute();
    await saveSetting(t.app.deps.db.kysely, 'deposit', { isManual: true }, t.clock.now());
    const byNotice = await walletMember(t);
    const notice = await t.api('POST', '/api/wallet/add', {
      token: byNotice.token,
      body: { amount: 777 },
    });
    expect(notice.statusCode, notice.body).toBe(200);

    // Sent from the first member's account number but reported under another bank, so nothing matched it.
    const id = await unmatchedLine({
      bankCode: 'SCB',
      accountNo: byAccount.bankAccountNo,
      accountName: 'นาย วิชัย บุญมี',
      amountMinor: 777_00,
    });
    const { suggestions } = await detail(id);
    expect(suggestions.slice(0, 3).map((s) => s.member.id)).toEqual([
      byAccount.memberId,
      byName.memberId,
      byNotice.memberId,
    ]);
    expect(suggestions[0]?.reasons).toEqual([
      { kind: 'account_exact', detail: byAccount.bankAccountNo },
    ]);
    expect(suggestions[1]?.reasons[0]).toMatchObject({ kind: 'name' });
    expect(suggestions[2]?.reasons).toEqual([
      { kind: 'notice', detail: notice.json<{ depositId: string }>().depositId },
    ]);
    expect(suggestions[0]!.score).toBeGreaterThan(suggestions[1]!.score);
    expect(suggestions[1]!.score).toBeGreaterThan(suggestions[2]!.score);

    const lookup = await adminApi(t, 'POST', '/api/admin/deposits/member-lookup', {
      token: finance.token,
      body: { query: byName.username },
    });
    expect(lookup.json<{ members: { id: string }[] }>().members.map((m) => m.id)).toEqual([
      byName.memberId,
    ]);
  });

  it('credits a line to the chosen member exactly once under 20 parallel clicks', async () => {
    const m = await walletMember(t);
    const id = await unmatchedLine({ amountMinor: 1_234_56 });
    await claimItem(t, finance, 'bank-lines', id);
    await reauthenticate(t, finance);
    const clicks = await Promise.all(
      Array.from({ length: 20 }, () =>
        decide(t, finance, 'bank-lines', id, 'credit', {
          memberId: m.memberId,
          reason: 'member phoned with the slip',
        }),
      ),
    );
    const statuses = clicks.map((c) => c.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(
      clicks.filter((c) => c.statusCode !== 200).map((c) => c.json<{ message: string }>().message),
    ).toEqual(Array.from({ length: 19 }, () => 'ITEM_ALREADY_DECIDED'));
    expect(await cashOf(t, m.memberId)).toBe(1_234_56n);
    expect((await detail(id)).status).toBe('resolved');
    expect(await auditOf(t, id)).toEqual([
      expect.objectContaining({
        action: 'bank_line.credited',
        reason: 'member phoned with the slip',
        after: expect.objectContaining({ memberId: m.memberId, creditedMinor: 1_234_56 }),
      }),
    ]);
    await expectLedgerConsistent(t.app.deps.db);
  });

  it('needs a reason and a member; marks a line returned to its sender, nothing credited', async () => {
    const m = await walletMember(t);
    const id = await unmatchedLine({ amountMinor: 55_00 });
    await claimItem(t, finance, 'bank-lines', id);
    await reauthenticate(t, finance);
    const noReason = await decide(t, finance, 'bank-lines', id, 'credit', { memberId: m.memberId });
    expect(noReason.json()).toEqual({ message: 'REASON_REQUIRED' });
    const noMember = await decide(t, finance, 'bank-lines', id, 'credit', {
      memberId: '00000000-0000-4000-8000-000000000000',
      reason: 'nobody',
    });
    expect(noMember.json()).toEqual({ message: 'NO_USER' });
    const returned = await decide(t, finance, 'bank-lines', id, 'refuse', {
      outcome: 'returned',
      reason: 'sent back to the sender, bank ref 889',
    });
    expect(returned.statusCode, returned.body).toBe(200);
    expect(returned.json()).toMatchObject({
      status: 'returned',
      decision: { by: finance.username },
    });
    expect(await cashOf(t, m.memberId)).toBe(0n);
    expect((await auditOf(t, id)).map((a) => a.action)).toEqual(['bank_line.returned']);
    const late = await claimAndDecide(
      t,
      finance,
      'bank-lines',
      await unmatchedLine({ amountMinor: 1_00 }),
      'refuse',
      {
        outcome: 'ignored',
        reason: 'the bank’s own test transfer',
      },
    );
    expect(late).toMatchObject({ status: 'ignored' });
  });

  it('an auditor reads the queue but cannot decide; a stranger reads nothing', async () => {
    const id = await unmatchedLine({ amountMinor: 2_00 });
    const auditor = await signedInOperator(t, 'auditor');
    const list = await adminApi(t, 'POST', '/api/admin/deposits/bank-lines', {
      token: auditor.token,
      body: {},
    });
    expect(list.json<{ rows: { id: string }[] }>().rows.map((r) => r.id)).toContain(id);
    const refused = await decide(t, auditor, 'bank-lines', id, 'refuse', {
      outcome: 'ignored',
      reason: 'nope',
    });
    expect(refused.json()).toEqual({ message: 'OPERATOR_FORBIDDEN' });
    for (const missing of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const answer = await adminApi(t, 'GET', `/api/admin/deposits/bank-lines/${missing}`, {
        token: auditor.token,
      });
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({ message: 'ITEM_NOT_FOUND' });
    }
    const stranger = await adminApi(t, 'POST', '/api/admin/deposits/bank-lines', { body: {} });
    expect(stranger.statusCode).toBe(401);
  });
});
