import { TRUELINK_DEV_SECRET } from '@mekong/contracts/deposit';
import { encryptTrueLink } from '@mekong/contracts/truelink-crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveSetting } from '@/modules/settings/settings.repository.ts';
import { coinsOf } from '@/modules/spinwheel/spinwheel.service.ts';
import { cashOf, statementOf } from './support/bank.ts';
import { auditOf, claimAndDecide, claimItem, decide, listQueue } from './support/deposit-queues.ts';
import { uniquePhone } from './support/members.ts';
import { createMoneyInTestApp, type MoneyInTestApp } from './support/money-in.ts';
import { expectLedgerConsistent, walletMember } from './support/money.ts';
import {
  adminApi,
  reauthenticate,
  signedInOperator,
  type TestOperator,
} from './support/operators.ts';
import { GUARDS_OFF, setGuards } from './support/promotion-play.ts';

let t: MoneyInTestApp;
let finance: TestOperator;
let owner: TestOperator;
beforeAll(async () => {
  t = await createMoneyInTestApp();
  // Coins, commission and prizes as mechanics, the play guards off (they are tested in promotions-farming.test.ts).
  await setGuards(t, GUARDS_OFF);
  finance = await signedInOperator(t, 'finance');
  owner = await signedInOperator(t, 'owner');
});
afterAll(async () => {
  await t?.close();
});

async function heldQr(amount: number, options: Record<string, unknown>) {
  const m = await walletMember(t);
  const created = await t.api('POST', '/api/qrcode/KBANK', { token: m.token, body: { amount } });
  expect(created.statusCode, created.body).toBe(200);
  const id = created.json<{ qrcodeId: string }>().qrcodeId;
  const row = await qrRow(id);
  const paid = await t.gatewayPost('/sandbox/qr/pay', {
    provider: 'KBANK',
    reference: row.reference,
    isForced: true,
    ...options,
  });
  expect(paid.status, JSON.stringify(paid.json)).toBe(200);
  expect((await qrRow(id)).status).toBe('held');
  return { m, id, reference: row.reference };
}

const qrRow = (id: string) =>
  t.app.deps.db.kysely
    .selectFrom('qr_payments')
    .select(['reference', 'status', 'hold_reason', 'transfer_id', 'decided_by', 'decision_reason'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('held QR payments (docs/back-office/money-in.md)', () => {
  it('credits the amount actually paid to the QR’s member once, with the deposit’s coins, audited', async () => {
    const { m, id, reference } = await heldQr(100, { amountMinor: 300_00 });
    const open = await listQueue(t, finance, 'qr', { search: m.username });
    expect(open.rows).toEqual([
      expect.objectContaining({
        id,
        amountMinor: 100_00,
        paidAmountMinor: 300_00,
        holdReason: 'AMOUNT_MISMATCH',
        claim: null,
      }),
    ]);

    // Signed in (and so re-authenticated) more than five minutes ago, then not claimed: nothing moves.
    t.clock.advance(6 * 60_000);
    const unclaimed = await decide(t, finance, 'qr', id, 'credit', { reason: 'member paid more' });
    expect(unclaimed.json()).toEqual({ message: 'OPERATOR_REAUTH_REQUIRED' });
    await reauthenticate(t, finance);
    const stillUnclaimed = await decide(t, finance, 'qr', id, 'credit', {
      reason: 'member paid more',
    });
    expect(stillUnclaimed.json()).toEqual({ message: 'ITEM_NOT_CLAIMED' });
    await claimItem(t, finance, 'qr', id);
    const listed = await listQueue(t, owner, 'qr', { search: reference });
    expect(listed.rows[0]?.claim).toMatchObject({ claimedBy: finance.username, isMine: false });
    const noReason = await decide(t, finance, 'qr', id, 'credit', { reason: ' ' });
    expect(noReason.json()).toEqual({ message: 'REASON_REQUIRED' });

    const credited = await decide(t, finance, 'qr', id, 'credit', { reason: 'member paid more' });
    expect(credited.statusCode, credited.body).toBe(200);
    expect(credited.json()).toMatchObject({
      status: 'paid',
      decision: { by: finance.username, reason: 'member paid more' },
      claim: null,
    });
    expect(await cashOf(t, m.memberId)).toBe(300_00n);
    expect(await coinsOf(t.app.deps.db, m.memberId, t.clock.now())).toBe(3);
    const again = await decide(t, finance, 'qr', id, 'credit', { reason: 'member paid more' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'ITEM_ALREADY_DECIDED' });
    // The gateway delivering the notice again changes nothing.
    await t.gatewayPost('/sandbox/qr/pay', {
      provider: 'KBANK',
      reference,
      amountMinor: 300_00,
      isForced: true,
    });
    expect(await cashOf(t, m.memberId)).toBe(300_00n);
    expect((await qrRow(id)).status).toBe('paid');

    expect(await auditOf(t, id)).toEqual([
      expect.objectContaining({
        action: 'qr_payment.credited',
        target_type: 'qr_payment',
        operator_name: finance.username,
        reason: 'member paid more',
        before: expect.objectContaining({
          status: 'held',
          amountMinor: 100_00,
          paidAmountMinor: 300_00,
        }),
        after: expect.objectContaining({ status: 'paid', creditedMinor: 300_00 }),
      }),
    ]);
    const { statements } = await statementOf(t, m.token);
    expect(statements[0]).toMatchObject({
      statementType: 'deposit',
      amount: 300,
      status: 'SUCCESS',
    });
    expect((await listQueue(t, finance, 'qr', { search: reference })).total).toBe(0);
    expect((await listQueue(t, finance, 'qr', { search: reference, state: 'decided' })).total).toBe(
      1,
    );
    await expectLedgerConsistent(t.app.deps.db);
  });

  it('refuses a late payment: nothing credited, recorded as money to return, and a later notice cannot reopen it', async () => {
    const created = await heldQr(50, { amountMinor: 70_00 });
    const refused = await claimAndDecide(t, finance, 'qr', created.id, 'refuse', {
      reason: 'returned to the payer by transfer',
    });
    expect(refused).toMatchObject({
      status: 'refused',
      decision: { reason: 'returned to the payer by transfer' },
    });
    expect(await cashOf(t, created.m.memberId)).toBe(0n);
    await t.gatewayPost('/sandbox/qr/pay', {
      provider: 'KBANK',
      reference: created.reference,
      amountMinor: 70_00,
      isForced: true,
    });
    expect(await qrRow(created.id)).toMatchObject({
      status: 'refused',
      decided_by: finance.username,
    });
    expect((await auditOf(t, created.id)).map((a) => a.action)).toEqual(['qr_payment.refused']);
  });

  it('one operator’s claim keeps another from deciding; a role without deposits.decide is refused', async () => {
    const { id } = await heldQr(40, { amountMinor: 41_00 });
    await claimItem(t, finance, 'qr', id);
    await reauthenticate(t, owner);
    const other = await decide(t, owner, 'qr', id, 'credit', { reason: 'trying to take it' });
    expect(other.json()).toEqual({ message: 'ITEM_CLAIMED' });
    const support = await signedInOperator(t, 'support');
    expect((await listQueue(t, support, 'qr')).total).toBeGreaterThanOrEqual(1);
    const forbidden = await decide(t, support, 'qr', id, 'refuse', { reason: 'not allowed to' });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ message: 'OPERATOR_FORBIDDEN' });
    const marketing = await signedInOperator(t, 'marketing');
    const list = await adminApi(t, 'POST', '/api/admin/deposits/qr', {
      token: marketing.token,
      body: {},
    });
    expect(list.json()).toEqual({ message: 'OPERATOR_FORBIDDEN' });
    const m = await walletMember(t);
    const asMember = await adminApi(t, 'POST', '/api/admin/deposits/qr', {
      token: m.token,
      body: {},
    });
    expect(asMember.statusCode).toBe(401);
    expect((await qrRow(id)).status).toBe('held');
  });
});

async function heldVoucher(amountMinor: number) {
  const m = await walletMember(t);
  const answer = await t.gatewayPost('/sandbox/truemoney/vouchers', {
    ownerPhone: uniquePhone(),
    amountMinor,
  });
  const link = (answer.json as { link: string }).link;
  const sent = await t.api('POST', '/api/wallet/truelink', {
    token: m.token,
    body: { link: await encryptTrueLink(link, TRUELINK_DEV_SECRET) },
  });
  expect(sent.json()).toEqual({ message: 'TRUELINK_NOT_OWNER' });
  const row = await t.app.deps.db.kysely
    .selectFrom('truemoney_vouchers')
    .select('id')
    .where('voucher_hash', '=', new URL(link).searchParams.get('v') ?? '')
    .executeTakeFirstOrThrow();
  return { m, id: row.id };
}

describe('held gift vouchers', () => {
  it('credits a voucher of another phone to the member who sent it, once', async () => {
    const { m, id } = await heldVoucher(250_00);
    const open = await listQueue(t, finance, 'vouchers', { search: m.username });
    expect(open.rows).toEqual([
      expect.objectContaining({ id, amountMinor: 250_00, holdReason: 'TRUELINK_NOT_OWNER' }),
    ]);
    const credited = await claimAndDecide(t, finance, 'vouchers', id, 'credit', {
      reason: 'the phone is the member’s wife’s',
    });
    expect(credited).toMatchObject({ status: 'credited' });
    expect(await cashOf(t, m.memberId)).toBe(250_00n);
    const again = await decide(t, finance, 'vouchers', id, 'credit', { reason: 'again please' });
    expect(again.json()).toEqual({ message: 'ITEM_ALREADY_DECIDED' });
    expect(await cashOf(t, m.memberId)).toBe(250_00n);
    expect((await auditOf(t, id)).map((a) => a.action)).toEqual(['voucher.credited']);
  });

  it('refuses a voucher with a reason: nothing credited', async () => {
    const { m, id } = await heldVoucher(90_00);
    const refused = await claimAndDecide(t, finance, 'vouchers', id, 'refuse', {
      reason: 'stolen voucher, returned to owner',
    });
    expect(refused).toMatchObject({ status: 'refused', decision: { by: finance.username } });
    expect(await cashOf(t, m.memberId)).toBe(0n);
  });
});

describe('manual deposit notices', () => {
  const notify = async (token: string, amount: number) => {
    const response = await t.api('POST', '/api/wallet/add', { token, body: { amount } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ depositId: string }>().depositId;
  };

  it('confirms a notice (credit) and rejects another, each with its reason in the audit trail', async () => {
    await saveSetting(t.app.deps.db.kysely, 'deposit', { isManual: true }, t.clock.now());
    const m = await walletMember(t);
    const first = await notify(m.token, 500);
    const second = await notify(m.token, 700);
    const open = await listQueue(t, finance, 'notices', { search: m.username });
    expect(open.rows.map((r) => r.id).sort()).toEqual([first, second].sort());

    const confirmed = await claimAndDecide(t, finance, 'notices', first, 'credit', {
      reason: 'seen on the bank statement',
    });
    expect(confirmed).toMatchObject({
      status: 'confirmed',
      decision: { reason: 'seen on the bank statement' },
    });
    const rejected = await claimAndDecide(t, finance, 'notices', second, 'refuse', {
      reason: 'no such transfer arrived',
    });
    expect(rejected).toMatchObject({ status: 'rejected' });
    expect(await cashOf(t, m.memberId)).toBe(500_00n);
    const twice = await decide(t, finance, 'notices', first, 'credit', { reason: 'again please' });
    expect(twice.json()).toEqual({ message: 'ITEM_ALREADY_DECIDED' });
    expect(await auditOf(t, first)).toEqual([
      expect.objectContaining({
        action: 'deposit_notice.confirmed',
        reason: 'seen on the bank statement',
      }),
    ]);
    expect((await auditOf(t, second)).map((a) => a.action)).toEqual(['deposit_notice.rejected']);
    await expectLedgerConsistent(t.app.deps.db);
  });
});
