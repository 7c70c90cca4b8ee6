import type { LedgerCurrency } from '@mekong/contracts/constants';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { summaryReportSchema, type CurrencyFigures } from '@mekong/contracts/admin/reports';
import { creditDeposit } from '@/modules/deposit/deposit-member.ts';
import { payFromHouse } from '@/modules/ledger/house-payout.ts';
import { addBonus } from './support/bonus.ts';
import { depositViaBank, memberIdOf, setWithdrawLimits, withdrawCall } from './support/bank.ts';
import { play } from './support/game-bets.ts';
import { signedInMember } from './support/members.ts';
import { expectLedgerConsistent, insertMember, moneyCall } from './support/money.ts';
import { adminApi, signedInOperator, type TestOperator } from './support/operators.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let finance: TestOperator;
beforeAll(async () => {
  t = await createTestApp();
  await setWithdrawLimits(t, { autoPayoutMaxMinor: 500_00 });
});

/** Moves the test clock; an operator session does not outlive such a jump, so a new one signs in. */
async function setClock(at: string) {
  t.clock.set(new Date(at));
  finance = await signedInOperator(t, 'finance');
}
afterAll(async () => {
  await t?.close();
});

/** A deposit through the one crediting function of every channel, with what that channel records on it. */
async function depositBy(
  memberId: string,
  channel: 'qr' | 'slip' | 'truemoney' | 'manual',
  amountMinor: bigint,
  currency: LedgerCurrency = 'THB',
) {
  const credit = await t.app.deps.db.withTransaction((trx) =>
    creditDeposit(trx, {
      memberId,
      currency,
      amountMinor,
      externalRef: `${channel}:${randomUUID()}`,
      metadata: { channel, reference: randomUUID() },
      now: t.clock.now(),
    }),
  );
  expect(credit.kind).toBe('credited');
}

async function payHouse(kind: 'prize' | 'refund', memberId: string, amountMinor: bigint) {
  await t.app.deps.db.withTransaction((trx) =>
    payFromHouse(
      trx,
      kind,
      { memberId, amountMinor, currency: 'THB' },
      { externalRef: randomUUID(), now: t.clock.now() },
    ),
  );
}

async function summary(from: string, to: string, token = finance.token) {
  const response = await adminApi(t, 'POST', '/api/admin/reports/summary', {
    token,
    body: { from, to },
  });
  expect(response.statusCode, response.body).toBe(200);
  return summaryReportSchema.parse(response.json());
}

const figure = (count: number, amountMinor: number) => ({
  count,
  amountMinor: String(amountMinor),
});
const thb = (currencies: CurrencyFigures[]) => currencies.find((c) => c.currency === 'THB');
const lak = (currencies: CurrencyFigures[]) => currencies.find((c) => c.currency === 'LAK');

describe('POST /api/admin/reports/summary', () => {
  it('adds up deposits by channel, withdrawals, costs, games and members of one day exactly', async () => {
    // 2026-11-10 10:00 in Bangkok.
    await setClock('2026-11-10T03:00:00Z');
    const a = await signedInMember(t);
    const aId = await memberIdOf(t, a.username);
    const b = await signedInMember(t);
    const bId = await memberIdOf(t, b.username);

    await depositViaBank(t, a, 1_000_00);
    await depositBy(aId, 'qr', 200_00n);
    await depositBy(aId, 'slip', 300_00n);
    await depositBy(aId, 'truemoney', 50_00n);
    await depositBy(bId, 'manual', 250_00n);
    const lakMember = await insertMember(t.app.deps.db, { currency: 'LAK' });
    await depositBy(lakMember.memberId, 'qr', 1_000_000_00n, 'LAK');

    // Paid at once (under the auto-payout limit), and one waiting for approval.
    expect((await withdrawCall(t, a.token, 100)).json()).toMatchObject({ status: 'SUCCESS' });
    expect((await withdrawCall(t, a.token, 600)).statusCode).toBe(202);

    // A 50 % bonus of B's 250.00 deposit, a prize and a refund.
    const code = await addBonus(t);
    const activated = await t.api('GET', `/api/bonus/activate/${code}`, { token: b.token });
    expect(activated.statusCode, activated.body).toBe(200);
    await payHouse('prize', bId, 5_00n);
    await payHouse('refund', bId, 7_00n);

    // Into PG and back, then a lost round at the provider booked by the sync, with its bet record.
    expect((await t.api('GET', '/api/wallet/activate/PG', { token: a.token })).statusCode).toBe(
      200,
    );
    const into = { from: 'wallet', to: 'PG', amount: 400 };
    expect((await moneyCall(t, '/api/wallet/transfer', a.token, into)).statusCode).toBe(200);
    const back = { from: 'PG', to: 'wallet', amount: 150 };
    expect((await moneyCall(t, '/api/wallet/transfer', a.token, back)).statusCode).toBe(200);
    const account = await t.app.deps.db.kysely
      .selectFrom('member_game_accounts')
      .select('username')
      .where('member_id', '=', aId)
      .executeTakeFirstOrThrow();
    await play(t, 'PG', account.username, [{ betMinor: 100_00, winMinor: 0 }]);
    await t.app.moneyCore.games.syncMember(aId);

    const report = await summary('2026-11-10', '2026-11-10');
    expect(report.days.map((d) => d.day)).toEqual(['2026-11-10']);
    const day = thb(report.days[0]?.currencies ?? []);
    expect(day?.deposits).toEqual({
      total: figure(5, 1_800_00),
      byChannel: {
        qr: figure(1, 200_00),
        bank: figure(1, 1_000_00),
        slip: figure(1, 300_00),
        truemoney: figure(1, 50_00),
        manual: figure(1, 250_00),
        other: figure(0, 0),
      },
    });
    expect(day?.withdrawals).toEqual({
      requested: figure(2, 700_00),
      byStatus: {
        pending_approval: figure(1, 600_00),
        processing: figure(0, 0),
        succeeded: figure(1, 100_00),
        failed: figure(0, 0),
        rejected: figure(0, 0),
      },
      paidOut: figure(1, 100_00),
    });
    expect(day?.costs).toEqual({
      bonusGiven: figure(1, 125_00),
      bonusForfeited: figure(0, 0),
      bonusNetMinor: '12500',
      refund: figure(1, 7_00),
      invite: figure(0, 0),
      prize: figure(1, 5_00),
      adjustmentCredit: figure(0, 0),
      adjustmentDebit: figure(0, 0),
      totalMinor: String(125_00 + 7_00 + 5_00),
    });
    expect(day?.games).toEqual([
      {
        provider: 'PG',
        moneyIn: figure(1, 400_00),
        moneyOut: figure(1, 150_00),
        netTransferMinor: '25000',
        bookedResultMinor: '10000',
        bets: { count: 1, stakeMinor: '10000', payoutMinor: '0', netMinor: '10000' },
      },
    ]);
    expect(day?.members).toEqual({ registered: 2, active: 2 });

    const lakDay = lak(report.days[0]?.currencies ?? []);
    expect(lakDay?.deposits.byChannel.qr).toEqual(figure(1, 1_000_000_00));
    expect(lakDay?.members.active).toBe(1);
    // A one-day range: the total is that day.
    expect(report.total.currencies).toEqual(report.days[0]?.currencies);
    await expectLedgerConsistent(t.app.deps.db);
  });

  it('cuts days at midnight in Bangkok (17:00 UTC), whatever the server zone', async () => {
    const m = await insertMember(t.app.deps.db);
    // 23:59:59 on 2026-11-20 in Bangkok, then 00:00:00 on 2026-11-21.
    await setClock('2026-11-20T16:59:59Z');
    await depositBy(m.memberId, 'qr', 11_00n);
    t.clock.set(new Date('2026-11-20T17:00:00Z'));
    await depositBy(m.memberId, 'qr', 22_00n);

    const report = await summary('2026-11-20', '2026-11-21');
    expect(report.days.map((d) => [d.day, thb(d.currencies)?.deposits.byChannel.qr])).toEqual([
      ['2026-11-20', figure(1, 11_00)],
      ['2026-11-21', figure(1, 22_00)],
    ]);
    const total = thb(report.total.currencies);
    expect(total?.deposits.total).toEqual(figure(2, 33_00));
    // One member active on both days counts once in the range.
    expect(report.days.map((d) => thb(d.currencies)?.members.active)).toEqual([1, 1]);
    expect(total?.members.active).toBe(1);
    // The day before and after hold none of it.
    const around = await summary('2026-11-19', '2026-11-19');
    expect(thb(around.total.currencies)?.deposits.total).toEqual(figure(0, 0));
  });

  it('refuses a reversed or too long range with REPORT_RANGE_INVALID', async () => {
    for (const body of [
      { from: '2026-11-21', to: '2026-11-20' },
      { from: '2026-01-01', to: '2026-12-31' },
      { from: '2026-13-01', to: '2026-12-31' },
      { from: 'yesterday', to: '2026-12-31' },
    ]) {
      const response = await adminApi(t, 'POST', '/api/admin/reports/summary', {
        token: finance.token,
        body,
      });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toEqual({ message: 'REPORT_RANGE_INVALID' });
    }
  });
});

describe('POST /api/admin/reports/summary.csv', () => {
  it('answers UTF-8 CSV with a byte-order mark, one row per figure', async () => {
    const response = await adminApi(t, 'POST', '/api/admin/reports/summary.csv', {
      token: finance.token,
      body: { from: '2026-11-10', to: '2026-11-10' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="summary-2026-11-10-2026-11-10.csv"',
    );
    const text = response.body;
    expect(text.startsWith('\uFEFFday,currency,group,item,count,amount_minor,amount\r\n')).toBe(
      true,
    );
    const lines = text.split('\r\n');
    expect(lines).toContain('2026-11-10,THB,deposits,bank,1,100000,1000.00');
    expect(lines).toContain('2026-11-10,THB,game PG,net_transfer,,25000,250.00');
    expect(lines).toContain('2026-11-10,THB,members,registered,2,,');
    // The range's total rows follow the days'.
    expect(lines).toContain('2026-11-10..2026-11-10,THB,deposits,total,5,180000,1800.00');
  });
});

describe('reports permission', () => {
  it('lets finance, marketing, auditor and owner read; refuses support', async () => {
    for (const role of ['owner', 'marketing', 'auditor'] as const) {
      const op = await signedInOperator(t, role);
      expect((await summary('2026-11-10', '2026-11-10', op.token)).from).toBe('2026-11-10');
    }
    const support = await signedInOperator(t, 'support');
    for (const url of [
      '/api/admin/reports/summary',
      '/api/admin/reports/summary.csv',
      '/api/admin/reports/reconciliation',
      '/api/admin/reports/reconciliation.csv',
    ]) {
      const response = await adminApi(t, 'POST', url, {
        token: support.token,
        body: { from: '2026-11-10', to: '2026-11-10' },
      });
      expect(response.statusCode, url).toBe(403);
      expect(response.json()).toEqual({ message: 'OPERATOR_FORBIDDEN' });
    }
    // A member's token is no operator session.
    const member = await signedInMember(t);
    const asMember = await adminApi(t, 'POST', '/api/admin/reports/summary', {
      token: member.token,
      body: { from: '2026-11-10', to: '2026-11-10' },
    });
    expect(asMember.statusCode).toBe(401);
  });
});
