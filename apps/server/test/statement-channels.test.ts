import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRUELINK_DEV_SECRET } from '@mekong/contracts/deposit';
import { statementList, type StatementEntry } from '@mekong/contracts/statement';
import { encryptTrueLink } from '@mekong/contracts/truelink-crypto';
import { createTransfer } from '@/modules/ledger/ledger.service.ts';
import { depositViaBank, setWithdrawLimits, withdrawCall } from './support/bank.ts';
import { createMoneyInTestApp, type MoneyInTestApp } from './support/money-in.ts';
import { creditCash, moneyCall } from './support/money.ts';
import { bankSlip, slipMember, uploadSlip } from './support/slips.ts';

let t: MoneyInTestApp;
beforeAll(async () => {
  t = await createMoneyInTestApp();
  await setWithdrawLimits(t, {});
});
afterAll(async () => {
  await t?.close();
});

const tick = () => t.clock.advance(1_000);

async function statement(token: string, body: unknown) {
  const response = await t.api('POST', '/api/statement', { token, body });
  expect(response.statusCode, response.body).toBe(200);
  return statementList.response.parse(response.json());
}

async function payQr(token: string, amount: number): Promise<string> {
  const created = await t.api('POST', '/api/qrcode/KBANK', { token, body: { amount } });
  expect(created.statusCode, created.body).toBe(200);
  const { qrcodeId } = created.json() as { qrcodeId: string };
  const { reference } = await t.app.deps.db.kysely
    .selectFrom('qr_payments')
    .select('reference')
    .where('id', '=', qrcodeId)
    .executeTakeFirstOrThrow();
  const paid = await t.gatewayPost('/sandbox/qr/pay', { provider: 'KBANK', reference });
  expect(paid.status, JSON.stringify(paid.json)).toBe(200);
  return reference;
}

async function giftLink(token: string, phone: string, amountMinor: number) {
  const voucher = await t.gatewayPost('/sandbox/truemoney/vouchers', {
    ownerPhone: phone,
    amountMinor,
  });
  const { link } = voucher.json as { link: string };
  const sent = await t.api('POST', '/api/wallet/truelink', {
    token,
    body: { link: await encryptTrueLink(link, TRUELINK_DEV_SECRET) },
  });
  expect(sent.statusCode, sent.body).toBe(200);
  return new URL(link).searchParams.get('v') ?? '';
}

const facts = ({ statementType, channel, provider, reference, accountSuffix }: StatementEntry) => ({
  statementType,
  channel,
  provider,
  reference,
  accountSuffix,
});

describe('POST /api/statement: channels and the type filter (issue 9)', () => {
  let m: Awaited<ReturnType<typeof slipMember>>;
  let qrReference: string;
  let slipReference: string;
  let voucherHash: string;

  beforeAll(async () => {
    m = await slipMember(t);
    qrReference = await payQr(m.token, 100);
    tick();
    await depositViaBank(t, m, 1_500_00);
    tick();
    const slip = await bankSlip(t, m.account, 300_00);
    slipReference = slip.transRef;
    expect(await uploadSlip(t, m.token, slip.png)).toMatchObject({ status: 'SUCCESS' });
    tick();
    voucherHash = await giftLink(m.token, m.username, 50_00);
    tick();
    expect((await t.api('GET', '/api/wallet/activate/PG', { token: m.token })).statusCode).toBe(
      200,
    );
    const moved = await moneyCall(t, '/api/wallet/transfer', m.token, {
      from: 'wallet',
      to: 'PG',
      amount: 200,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    tick();
    expect((await withdrawCall(t, m.token, 100)).statusCode).toBe(200);
  });

  it('tells each row’s channel, provider, reference and only the last 4 digits of a bank account', async () => {
    const { total, statements } = await statement(m.token, { page: 1, limit: 10 });
    expect(total).toBe(6);
    const suffix = m.bankAccountNo.slice(-4);
    expect(statements.map(facts)).toEqual([
      {
        statementType: 'withdraw',
        channel: 'bank',
        provider: m.bankCode,
        reference: null,
        accountSuffix: suffix,
      },
      {
        statementType: 'transfer',
        channel: 'game',
        provider: 'PG',
        reference: null,
        accountSuffix: null,
      },
      {
        statementType: 'deposit',
        channel: 'truemoney',
        provider: null,
        reference: null,
        accountSuffix: null,
      },
      {
        statementType: 'deposit',
        channel: 'slip',
        provider: m.bankCode,
        reference: slipReference,
        accountSuffix: null,
      },
      {
        statementType: 'deposit',
        channel: 'bank',
        provider: m.bankCode,
        reference: expect.any(String),
        accountSuffix: suffix,
      },
      {
        statementType: 'deposit',
        channel: 'qr',
        provider: 'KBANK',
        reference: qrReference,
        accountSuffix: null,
      },
    ]);
    // Neither a whole account number nor the gift voucher's hash is ever in the answer.
    const raw = JSON.stringify(statements);
    expect(raw).not.toContain(m.bankAccountNo);
    expect(raw).not.toContain(voucherHash);
  });

  it('filters by type on the server: the total and the pages count only that type', async () => {
    const of = async (type: string, page = 1, limit = 10) =>
      statement(m.token, { page, limit, type });
    const deposits = await of('deposit');
    expect(deposits.total).toBe(4);
    expect(deposits.statements.map((s) => s.channel)).toEqual(['truemoney', 'slip', 'bank', 'qr']);
    expect((await of('deposit', 2, 3)).statements.map((s) => s.channel)).toEqual(['qr']);
    const withdrawals = await of('withdraw');
    expect(withdrawals).toMatchObject({ total: 1, statements: [{ statementType: 'withdraw' }] });
    const transfers = await of('transfer');
    expect(transfers).toMatchObject({ total: 1, statements: [{ statementType: 'transfer' }] });
    expect(await of('bonus')).toEqual({ total: 0, statements: [] });
  });

  it('refuses a bad filter with INVALID_REQUEST, never a 500, and moves nothing', async () => {
    const bodies: unknown[] = [
      { page: 1, limit: 10, type: 'finish_bonus' },
      { page: 1, limit: 10, type: 'DEPOSIT' },
      { page: 1, limit: 10, type: '' },
      { page: 1, limit: 10, type: null },
      { page: 1, limit: 10, type: 1 },
      { page: 1, limit: 10, type: ['deposit'] },
      { page: 1, limit: 10, type: { in: 'deposit' } },
      { page: 1, limit: 10, type: "deposit' or 1=1 --" },
      { page: 1, limit: 10, type: 'deposit', types: 'withdraw' },
    ];
    for (const body of bodies) {
      const response = await t.api('POST', '/api/statement', { token: m.token, body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect((response.json() as { message: string }).message, JSON.stringify(body)).toMatch(
        /^(INVALID_REQUEST|UNKNOWN_FIELD)$/,
      );
    }
    expect((await statement(m.token, { page: 1, limit: 10 })).total).toBe(6);
  });

  it('a filter shows only the member’s own rows', async () => {
    const other = await slipMember(t);
    await depositViaBank(t, other, 10_00);
    expect(await statement(other.token, { page: 1, limit: 10, type: 'deposit' })).toMatchObject({
      total: 1,
      statements: [{ amount: 10 }],
    });
    expect((await statement(other.token, { page: 1, limit: 10, type: 'withdraw' })).total).toBe(0);
  });

  it('counts an operator’s adjustment as a deposit or a withdrawal by its direction', async () => {
    const other = await slipMember(t);
    const db = t.app.deps.db;
    await creditCash(db, other.memberId, 500_00n);
    const adjust = (isIn: boolean, amountMinor: bigint) =>
      db.withTransaction((trx) => {
        const cash = { memberId: other.memberId, kind: 'cash' as const };
        const house = { house: 'adjustment' as const };
        return createTransfer(trx, {
          memberId: other.memberId,
          debit: isIn ? house : cash,
          credit: isIn ? cash : house,
          amountMinor,
          currency: 'THB',
          kind: 'adjustment',
          status: 'posted',
          now: t.clock.now(),
        });
      });
    tick();
    await adjust(true, 7_00n);
    tick();
    await adjust(false, 3_00n);
    const of = (type: string) => statement(other.token, { page: 1, limit: 10, type });
    // creditCash is stamped by the wall clock, not the test clock: compare without the order.
    expect((await of('deposit')).statements.map((s) => [s.channel, s.amount])).toEqual(
      expect.arrayContaining([
        ['adjustment', 7],
        [null, 500],
      ]),
    );
    expect((await of('deposit')).total).toBe(2);
    expect((await of('withdraw')).statements.map((s) => [s.channel, s.amount])).toEqual([
      ['adjustment', 3],
    ]);
  });
});
