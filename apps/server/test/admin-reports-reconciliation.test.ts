import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  reconciliationReportSchema,
  type ReconciliationReport,
} from '@mekong/contracts/admin/reports';
import {
  depositViaBank,
  memberIdOf,
  sandboxPost,
  setWithdrawLimits,
  withdrawCall,
} from './support/bank.ts';
import { play } from './support/game-bets.ts';
import { signedInMember } from './support/members.ts';
import { clearGameFaults, moneyCall, setGameFaults } from './support/money.ts';
import { adminApi, signedInOperator, type TestOperator } from './support/operators.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

// The test clock's day (2026-11-02 in Bangkok) holds every line and payout of this file.
const DAY = { from: '2026-11-02', to: '2026-11-02' };

let t: TestApp;
let auditor: TestOperator;
let finance: TestOperator;
let member: Awaited<ReturnType<typeof signedInMember>> & { memberId: string; pg: string };
let payoutReference: string;

beforeAll(async () => {
  t = await createTestApp({ BANK_TIMEOUT_MS: '500' });
  auditor = await signedInOperator(t, 'auditor');
  finance = await signedInOperator(t, 'finance');
  await setWithdrawLimits(t, {});
  const m = await signedInMember(t);
  const memberId = await memberIdOf(t, m.username);
  await depositViaBank(t, m, 1_000_00);
  expect((await t.api('GET', '/api/wallet/activate/PG', { token: m.token })).statusCode).toBe(200);
  const into = { from: 'wallet', to: 'PG', amount: 300 };
  expect((await moneyCall(t, '/api/wallet/transfer', m.token, into)).statusCode).toBe(200);
  const paid = await withdrawCall(t, m.token, 100);
  expect(paid.json()).toMatchObject({ status: 'SUCCESS' });
  const row = await t.app.deps.db.kysely
    .selectFrom('withdrawals')
    .select('transfer_id')
    .where('member_id', '=', memberId)
    .executeTakeFirstOrThrow();
  payoutReference = row.transfer_id;
  const account = await t.app.deps.db.kysely
    .selectFrom('member_game_accounts')
    .select('username')
    .where('member_id', '=', memberId)
    .executeTakeFirstOrThrow();
  member = { ...m, memberId, pg: account.username };
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await clearGameFaults(t);
  await sandboxPost(t, '/sandbox/bank/faults/clear');
});

async function reconcile(
  body: Record<string, unknown> = {},
  operator = auditor,
): Promise<ReconciliationReport> {
  const response = await adminApi(t, 'POST', '/api/admin/reports/reconciliation', {
    token: operator.token,
    body: { ...DAY, ...body },
  });
  expect(response.statusCode, response.body).toBe(200);
  return reconciliationReportSchema.parse(response.json());
}

describe('POST /api/admin/reports/reconciliation', () => {
  it('lists no difference when the ledger, the provider and the bank agree', async () => {
    const report = await reconcile();
    expect(report.differences).toEqual([]);
    expect(report.ledger).toEqual({
      sums: [
        { currency: 'THB', sumMinor: '0' },
        { currency: 'LAK', sumMinor: '0' },
      ],
      mismatchedAccounts: 0,
    });
    expect(report.games.providers).toEqual([
      {
        provider: 'PG',
        status: 'ok',
        accountsChecked: 1,
        accountsInFlight: 0,
        ledgerMinor: '30000',
        providerMinor: '30000',
        differences: 0,
        error: null,
      },
    ]);
    expect(report.payouts).toEqual({
      bankStatus: 'ok',
      checked: 1,
      inFlight: 0,
      nextCursor: null,
    });
    expect(report.bankLines).toMatchObject({ checked: 1, creditsChecked: 1 });
  });

  it('lists the account whose provider balance changed behind the ledger, until the sync books it', async () => {
    await play(t, 'PG', member.pg, [{ betMinor: 40_00, winMinor: 0 }]);
    const report = await reconcile();
    expect(report.differences).toEqual([
      {
        section: 'games',
        kind: 'balance_mismatch',
        currency: 'THB',
        memberId: member.memberId,
        memberPublicId: member.publicId,
        subject: `PG/${member.pg}`,
        reference: null,
        expectedMinor: '30000',
        foundMinor: '26000',
        detail: expect.stringMatching(/synced/) as unknown as string,
      },
    ]);
    expect(report.games.providers[0]).toMatchObject({
      ledgerMinor: '30000',
      providerMinor: '26000',
      differences: 1,
    });
    await t.app.moneyCore.games.syncMember(member.memberId);
    expect((await reconcile()).differences).toEqual([]);
  });

  it('reports an unreachable provider as such, not as an error of the report', async () => {
    await setGameFaults(t, { provider: 'PG', failureRate: 1 });
    const report = await reconcile();
    expect(report.games.providers).toEqual([
      expect.objectContaining({ provider: 'PG', status: 'unreachable', accountsChecked: 0 }),
    ]);
    expect(report.differences).toEqual([]);
  });

  it('lists a paid withdrawal whose payout the bank has no record of', async () => {
    await sandboxPost(t, '/sandbox/bank/payouts/forget', { reference: payoutReference });
    // The auditor has no money duties: the member's account number shows its last 4 digits only (issue 27).
    const last4 = member.bankAccountNo.slice(-4);
    const masked = `${'•'.repeat(member.bankAccountNo.length - 4)}${last4}`;
    expect((await reconcile()).differences).toEqual([
      expect.objectContaining({ kind: 'payout_missing', subject: `${member.bankCode} ${masked}` }),
    ]);
    const report = await reconcile({}, finance);
    expect(report.differences).toEqual([
      {
        section: 'payouts',
        kind: 'payout_missing',
        currency: 'THB',
        memberId: member.memberId,
        memberPublicId: member.publicId,
        subject: `${member.bankCode} ${member.bankAccountNo}`,
        reference: payoutReference,
        expectedMinor: '10000',
        foundMinor: null,
        detail: null,
      },
    ]);
  });

  it('reports a bank that does not answer as unreachable', async () => {
    await sandboxPost(t, '/sandbox/bank/faults', { latencyMs: 1_500 });
    const report = await reconcile();
    expect(report.payouts.bankStatus).toBe('unreachable');
    expect(report.payouts.checked).toBe(0);
  });

  it('lists a bank line nobody was credited for, and pages with a cursor', async () => {
    await sandboxPost(t, '/sandbox/bank/credit-member', {
      bankCode: 'SCB',
      accountNo: '9990001112',
      amountMinor: 77_00,
    });
    await t.app.moneyOut.bankFeed.runBankFeedOnce();
    const report = await reconcile();
    const unmatched = report.differences.filter((d) => d.section === 'bankLines');
    expect(unmatched).toEqual([
      expect.objectContaining({
        kind: 'line_not_credited',
        subject: 'SCB ••••••1112',
        expectedMinor: '7700',
        foundMinor: null,
        detail: 'no_member',
      }),
    ]);

    const first = await reconcile({ limit: 1 });
    expect(first.bankLines.checked).toBe(1);
    expect(first.bankLines.nextCursor).not.toBeNull();
    const second = await reconcile({
      limit: 1,
      cursors: {
        games: null,
        payouts: null,
        bankLines: first.bankLines.nextCursor,
        bankCredits: null,
      },
    });
    expect(second.bankLines.checked).toBe(1);
    const lines = [first, second].flatMap((r) =>
      r.differences.filter((d) => d.kind === 'line_not_credited'),
    );
    expect(lines).toHaveLength(1);
  });

  it('exports the differences as CSV with every cell a spreadsheet cannot run', async () => {
    // A line whose bank reference looks like a formula (the bank's text is not ours to trust).
    const now = t.clock.now();
    await t.app.deps.db.kysely
      .insertInto('bank_incoming_transfers')
      .values({
        id: randomUUID(),
        reference: '=HYPERLINK("http://evil")',
        from_bank_code: 'BBL',
        from_account_no: '1234567890',
        from_account_name: null,
        to_account_no: null,
        amount: 5_00n,
        currency: 'THB',
        received_at: now,
        status: 'unmatched',
        unmatched_reason: 'no_member, "quoted"',
        member_id: null,
        transfer_id: null,
        deposit_ref: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const response = await adminApi(t, 'POST', '/api/admin/reports/reconciliation.csv', {
      token: auditor.token,
      body: DAY,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFFsection,kind,currency,member,subject,reference,expected_minor,found_minor,difference_minor,detail',
    );
    expect(lines).toContain(
      'bankLines,line_not_credited,THB,,BBL ••••••7890,"\'=HYPERLINK(""http://evil"")",500,,-500,"no_member, ""quoted"""',
    );
  });

  it('audits each reconciliation read and export once: the request and the row count, never the rows', async () => {
    const audits = () =>
      t.app.deps.db.kysely
        .selectFrom('audit_log')
        .selectAll()
        .where('operator_id', '=', finance.id)
        .where('action', 'in', ['report.viewed', 'report.exported'])
        .orderBy('seq')
        .execute();
    const before = (await audits()).length;
    const report = await reconcile({ limit: 50 }, finance);
    const csv = await adminApi(t, 'POST', '/api/admin/reports/reconciliation.csv', {
      token: finance.token,
      body: DAY,
    });
    expect(csv.statusCode, csv.body).toBe(200);
    const records = (await audits()).slice(before);
    expect(records).toHaveLength(2);
    expect(records[0]).toMatchObject({
      action: 'report.viewed',
      target_type: 'report',
      target_id: 'reconciliation',
      after: {
        report: 'reconciliation',
        format: 'json',
        ...DAY,
        limit: 50,
        rows: report.differences.length,
      },
    });
    expect(records[1]).toMatchObject({
      action: 'report.exported',
      after: { report: 'reconciliation', format: 'csv', ...DAY, limit: 200 },
    });
    expect(report.differences.length).toBeGreaterThan(0);
    expect(JSON.stringify(records)).not.toContain(member.bankAccountNo);
    expect(JSON.stringify(records)).not.toContain(member.memberId);
  });

  it('lists a member account whose balance was changed behind the log (the last test: it breaks the ledger)', async () => {
    await t.app.deps.db.kysely
      .updateTable('ledger_accounts')
      .set({ balance: sql<string>`balance + 1` })
      .where('member_id', '=', member.memberId)
      .where('kind', '=', 'cash')
      .execute();
    const report = await reconcile();
    expect(report.ledger.mismatchedAccounts).toBe(1);
    expect(report.ledger.sums).toContainEqual({ currency: 'THB', sumMinor: '1' });
    expect(report.differences.filter((d) => d.section === 'ledger')).toEqual([
      expect.objectContaining({ kind: 'ledger_not_balanced', expectedMinor: '0', foundMinor: '1' }),
      expect.objectContaining({
        kind: 'ledger_account_mismatch',
        currency: 'THB',
        expectedMinor: '60000',
        foundMinor: '60001',
      }),
    ]);
  });
});
