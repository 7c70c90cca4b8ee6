import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveSetting } from '@/modules/settings/settings.repository.ts';
import { sandboxPost, setWithdrawLimits, withdrawCall } from './support/bank.ts';
import { walletMember } from './support/money.ts';
import { fundedMember, heldWithdrawal } from './support/money-out.ts';
import { adminApi, signedInOperator, type TestOperator } from './support/operators.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * Issue 27 item 9: every back-office answer that shows a member's bank account number shows it whole only to an
 * operator with money duties (finance, owner); support and the auditor see its last 4 digits
 * (docs/back-office/members.md#bank-account-numbers).
 */
let t: TestApp;
const operators = {} as Record<'owner' | 'finance' | 'support' | 'auditor', TestOperator>;
beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['owner', 'finance', 'support', 'auditor'] as const)
    operators[role] = await signedInOperator(t, role);
});
afterAll(async () => {
  await t?.close();
});

const masked = (accountNo: string) => `${'•'.repeat(accountNo.length - 4)}${accountNo.slice(-4)}`;

/** Reads the answer as each role and checks the account numbers it picks out: whole or masked. */
async function expectMaskedFor(
  read: (
    operator: TestOperator,
  ) => Promise<{ statusCode: number; body: string; json: () => unknown }>,
  pick: (answer: never) => unknown[],
  accountNo: string,
) {
  for (const role of ['support', 'auditor'] as const) {
    const response = await read(operators[role]);
    expect(response.statusCode, response.body).toBe(200);
    const shown = pick(response.json() as never);
    expect(shown.length, role).toBeGreaterThan(0);
    for (const value of shown) expect(value, role).toBe(masked(accountNo));
    expect(response.body, role).not.toContain(accountNo);
  }
  for (const role of ['owner', 'finance'] as const) {
    const response = await read(operators[role]);
    expect(response.statusCode, response.body).toBe(200);
    const shown = pick(response.json() as never);
    expect(shown.length, role).toBeGreaterThan(0);
    for (const value of shown) expect(value, role).toBe(accountNo);
  }
}

type Rows<T> = { rows: T[] };

describe('bank account numbers outside member search are masked for roles without money duties', () => {
  it('the member page withdrawals tab, the payouts queue, the withdrawals queue and its detail', async () => {
    // A payout the bank refused (the payouts queue), then a held withdrawal of the same member.
    await setWithdrawLimits(t, {});
    const member = await fundedMember(t, 5_000_00);
    await sandboxPost(t, '/sandbox/bank/faults', { rejectAccountNos: [member.bankAccountNo] });
    expect((await withdrawCall(t, member.token, 100)).json()).toEqual({ message: 'TRANSFER_FAIL' });
    await sandboxPost(t, '/sandbox/bank/faults/clear');
    const held = await heldWithdrawal(t, 1_000_00);
    const accountNo = member.bankAccountNo;

    await expectMaskedFor(
      (op) =>
        adminApi(t, 'POST', `/api/admin/members/${member.memberId}/withdrawals`, {
          token: op.token,
          body: {},
        }),
      (a: Rows<{ accountNo: string }>) => a.rows.map((r) => r.accountNo),
      accountNo,
    );
    await expectMaskedFor(
      (op) =>
        adminApi(t, 'POST', '/api/admin/payouts/list', {
          token: op.token,
          body: { member: member.username, state: 'failed' },
        }),
      (a: Rows<{ accountNo: string }>) => a.rows.map((r) => r.accountNo),
      accountNo,
    );

    const heldAccountNo = held.member.bankAccountNo;
    await expectMaskedFor(
      (op) =>
        adminApi(t, 'POST', '/api/admin/withdrawals/list', {
          token: op.token,
          body: { member: held.member.username },
        }),
      (a: Rows<{ accountNo: string }>) => a.rows.map((r) => r.accountNo),
      heldAccountNo,
    );
    await expectMaskedFor(
      (op) =>
        adminApi(t, 'GET', `/api/admin/withdrawals/${held.withdrawalId}`, { token: op.token }),
      (a: { item: { accountNo: string } }) => [a.item.accountNo],
      heldAccountNo,
    );
  });

  it('the member page ledger tab: the account a bank deposit came from', async () => {
    const member = await fundedMember(t, 700_00);
    type Ledger = Rows<{ metadata: { fromAccountNo?: string } | null }>;
    await expectMaskedFor(
      (op) =>
        adminApi(t, 'POST', `/api/admin/members/${member.memberId}/ledger`, {
          token: op.token,
          body: { view: 'ledger' },
        }),
      (a: Ledger) =>
        a.rows.flatMap((r) => (r.metadata?.fromAccountNo ? [r.metadata.fromAccountNo] : [])),
      member.bankAccountNo,
    );
  });

  it('the money-in queues: a held deposit notice, and a bank line from a member account with its suggestions', async () => {
    await saveSetting(t.app.deps.db.kysely, 'deposit', { isManual: true }, t.clock.now());
    const member = await walletMember(t);
    const notice = await t.api('POST', '/api/wallet/add', {
      token: member.token,
      body: { amount: 555 },
    });
    expect(notice.statusCode, notice.body).toBe(200);
    const { depositId } = notice.json<{ depositId: string }>();
    await expectMaskedFor(
      (op) =>
        adminApi(t, 'POST', '/api/admin/deposits/notices', {
          token: op.token,
          body: { search: member.username },
        }),
      (a: Rows<{ member: { bank: { accountNo: string } } }>) =>
        a.rows.map((r) => r.member.bank.accountNo),
      member.bankAccountNo,
    );
    await expectMaskedFor(
      (op) => adminApi(t, 'GET', `/api/admin/deposits/notices/${depositId}`, { token: op.token }),
      (a: { member: { bank: { accountNo: string } } }) => [a.member.bank.accountNo],
      member.bankAccountNo,
    );

    // Sent from the member's account number but reported under another bank: unmatched, the member suggested.
    const sent = (await sandboxPost(t, '/sandbox/bank/credit-member', {
      bankCode: 'SCB',
      accountNo: member.bankAccountNo,
      amountMinor: 321_00,
    })) as { transfer: { reference: string } };
    expect(await t.app.moneyOut.bankFeed.runBankFeedOnce()).toMatchObject({ unmatched: 1 });
    const line = await t.app.deps.db.kysely
      .selectFrom('bank_incoming_transfers')
      .select('id')
      .where('reference', '=', sent.transfer.reference)
      .executeTakeFirstOrThrow();
    await expectMaskedFor(
      (op) =>
        adminApi(t, 'POST', '/api/admin/deposits/bank-lines', {
          token: op.token,
          body: { search: sent.transfer.reference },
        }),
      (a: Rows<{ fromAccountNo: string }>) => a.rows.map((r) => r.fromAccountNo),
      member.bankAccountNo,
    );
    type Detail = {
      fromAccountNo: string;
      suggestions: {
        member: { id: string; bank: { accountNo: string } };
        reasons: { kind: string; detail: string }[];
      }[];
    };
    await expectMaskedFor(
      (op) => adminApi(t, 'GET', `/api/admin/deposits/bank-lines/${line.id}`, { token: op.token }),
      (a: Detail) => {
        const suggested = a.suggestions.find((s) => s.member.id === member.memberId);
        return [
          a.fromAccountNo,
          suggested?.member.bank.accountNo,
          suggested?.reasons.find((r) => r.kind === 'account_exact')?.detail,
        ];
      },
      member.bankAccountNo,
    );
  });
});

describe('bulk reads of member data beyond member search are audited (issue 27 item 1)', () => {
  it('the money-in member lookup is audited as a member search: the query and the count, never the data', async () => {
    const member = await walletMember(t);
    const audits = () =>
      t.app.deps.db.kysely
        .selectFrom('audit_log')
        .selectAll()
        .where('operator_id', '=', operators.finance.id)
        .where('action', '=', 'members.searched')
        .orderBy('seq')
        .execute();
    const before = (await audits()).length;
    const found = await adminApi(t, 'POST', '/api/admin/deposits/member-lookup', {
      token: operators.finance.token,
      body: { query: member.bankAccountNo },
    });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json<{ members: { id: string }[] }>().members.map((m) => m.id)).toEqual([
      member.memberId,
    ]);
    const records = (await audits()).slice(before);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      action: 'members.searched',
      target_type: 'member',
      after: { query: member.bankAccountNo, field: 'depositLookup', total: 1, shown: 1 },
    });
    expect(JSON.stringify(records[0])).not.toContain(member.username);
    expect(JSON.stringify(records[0])).not.toContain(member.memberId);
  });
});
