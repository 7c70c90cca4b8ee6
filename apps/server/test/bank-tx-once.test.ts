import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IncomingTransfer } from '@/adapters/bank/bank-gateway.ts';
import { createBankFeedService } from '@/modules/bank-feed/bank-feed.service.ts';
import { cashOf } from './support/bank.ts';
import { createMoneyInTestApp, type MoneyInTestApp } from './support/money-in.ts';
import { expectLedgerConsistent, walletMember } from './support/money.ts';

// One real bank transfer reaches us twice: as a bank-feed line and as the member's slip of it. The bank feed and
// the slip verifier are one sandbox here, so both describe the same transaction (sending bank + transRef).
let t: MoneyInTestApp;
beforeAll(async () => {
  t = await createMoneyInTestApp((gatewayUrl) => ({ BANK_API_URL: `${gatewayUrl}/bank` }));
});
afterAll(async () => {
  await t?.close();
});

type SlipAnswer = { status: 'SUCCESS' | 'FAILED'; note: string | null; amount: number };
const BOUNDARY = '----mekongbanktxboundary';

async function uploadSlip(token: string, png: Buffer): Promise<SlipAnswer> {
  const response = await t.api('POST', '/api/wallet/slip', {
    token,
    rawBody: Buffer.concat([
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="slip.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { slip: SlipAnswer }).slip;
}

async function slipPng(transRef: string): Promise<Buffer> {
  const response = await fetch(`${t.gatewayUrl}/sandbox/slip/transfers/${transRef}/slip.png`);
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

/** The member's registered account sends money to the operator's KBANK account (feed and slip verifier). */
async function bankSends(m: { bankCode: string; bankAccountNo: string }, amountMinor: number) {
  const answer = await t.gatewayPost('/sandbox/bank/credit-member', {
    bankCode: m.bankCode,
    accountNo: m.bankAccountNo,
    accountName: 'SOMCHAI JAIDEE',
    amountMinor,
  });
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  const json = answer.json as { transRef: string; transfer: { reference: string } };
  return { transRef: json.transRef, reference: json.transfer.reference };
}

const deposits = (memberId: string) =>
  t.app.deps.db.kysely
    .selectFrom('ledger_transfers')
    .select(['id', 'external_ref', 'amount'])
    .where('member_id', '=', memberId)
    .where('kind', '=', 'deposit')
    .execute();

const incoming = (reference: string) =>
  t.app.deps.db.kysely
    .selectFrom('bank_incoming_transfers')
    .selectAll()
    .where('reference', '=', reference)
    .executeTakeFirstOrThrow();

describe('one bank transaction, by bank feed and by slip, is credited once', () => {
  it('feed first: the slip of the same transfer is REFERENCE_DUPLICATED, no money', async () => {
    const m = await walletMember(t);
    expect(m.bankCode).toBe('KBANK');
    const { transRef, reference } = await bankSends(m, 700_00);
    expect(await t.app.moneyOut.bankFeed.runBankFeedOnce()).toMatchObject({ credited: 1 });
    expect(await cashOf(t, m.memberId)).toBe(700_00n);

    const slip = await uploadSlip(m.token, await slipPng(transRef));
    expect(slip).toMatchObject({ status: 'FAILED', note: 'REFERENCE_DUPLICATED' });
    expect(await cashOf(t, m.memberId)).toBe(700_00n);
    const rows = await deposits(m.memberId);
    expect(rows).toEqual([expect.objectContaining({ external_ref: `banktx:004:${transRef}` })]);
    expect(await incoming(reference)).toMatchObject({
      status: 'credited',
      transfer_id: rows[0]?.id,
      deposit_ref: `banktx:004:${transRef}`,
    });
    await expectLedgerConsistent(t.app.deps.db);
  });

  it('slip first: the feed line of the same transfer is recorded as already credited, no money', async () => {
    const m = await walletMember(t);
    const made = await t.gatewayPost('/sandbox/slip/transfers', {
      amountMinor: 1_234_50,
      sender: { name: 'SOMCHAI JAIDEE', bankCode: m.bankCode, accountNo: m.bankAccountNo },
      receiver: { name: 'MEKONG WALLET', bankCode: 'KBANK', accountNo: '1423096718' },
      alsoInBankFeed: true,
    });
    expect(made.status, JSON.stringify(made.json)).toBe(200);
    const { transfer, bankTransfer } = made.json as {
      transfer: { transRef: string };
      bankTransfer: { reference: string };
    };
    const slip = await uploadSlip(m.token, await slipPng(transfer.transRef));
    expect(slip).toMatchObject({ status: 'SUCCESS', amount: 1234.5 });

    expect(await t.app.moneyOut.bankFeed.runBankFeedOnce()).toMatchObject({
      credited: 0,
      alreadyCredited: 1,
      unmatched: 0,
    });
    expect(await cashOf(t, m.memberId)).toBe(1_234_50n);
    const rows = await deposits(m.memberId);
    expect(rows).toHaveLength(1);
    expect(await incoming(bankTransfer.reference)).toMatchObject({
      status: 'credited',
      member_id: m.memberId,
      transfer_id: rows[0]?.id,
      unmatched_reason: 'reference_already_credited',
    });
    await expectLedgerConsistent(t.app.deps.db);
  });

  it('feed and slip at the same moment: the unique reference lets one of them credit', async () => {
    const m = await walletMember(t);
    const { transRef } = await bankSends(m, 321_00);
    const png = await slipPng(transRef);
    const [summary, slip] = await Promise.all([
      t.app.moneyOut.bankFeed.runBankFeedOnce(),
      uploadSlip(m.token, png),
    ]);
    expect(await cashOf(t, m.memberId)).toBe(321_00n);
    expect(await deposits(m.memberId)).toHaveLength(1);
    if (slip.status === 'SUCCESS')
      expect(summary).toMatchObject({ credited: 0, alreadyCredited: 1 });
    else {
      expect(slip.note).toBe('REFERENCE_DUPLICATED');
      expect(summary).toMatchObject({ credited: 1 });
    }
    await expectLedgerConsistent(t.app.deps.db);
  });

  it('a feed line without a transRef keeps the bank reference as its deposit reference', async () => {
    const m = await walletMember(t);
    const line: IncomingTransfer = {
      reference: `NOREF${m.bankAccountNo}`,
      fromBankCode: m.bankCode,
      fromAccountNo: m.bankAccountNo,
      fromAccountName: null,
      toAccountNo: null,
      amountMinor: 55_00n,
      currency: 'THB',
      receivedAt: t.clock.now(),
    };
    let isRead = false;
    const feed = createBankFeedService({
      ...t.app.deps,
      bank: {
        ...t.app.deps.bank,
        incoming: async () => {
          const transfers = isRead ? [] : [line];
          isRead = true;
          return { transfers, cursor: `fake-${String(isRead)}` };
        },
      },
    });
    expect(await feed.runBankFeedOnce()).toMatchObject({ credited: 1 });
    expect(await deposits(m.memberId)).toEqual([
      expect.objectContaining({ external_ref: line.reference }),
    ]);
  });
});
