import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRUELINK_DEV_SECRET } from '@mekong/contracts/deposit';
import { parseSlipQr } from '@mekong/contracts/slip-qr';
import { encryptTrueLink } from '@mekong/contracts/truelink-crypto';
import { decodeImage, findQrText } from '@/modules/slip/slip-image.ts';
import { cashOf } from './support/bank.ts';
import { uniquePhone } from './support/members.ts';
import { createMoneyInTestApp, type MoneyInTestApp } from './support/money-in.ts';
import { expectLedgerConsistent } from './support/money.ts';
import { bankSlip, slipMember, uploadSlip } from './support/slips.ts';

const JOB = 'money-in-recovery';
/** The operator's TrueMoney number vouchers are redeemed to. */
const RECEIVER = '0899990000';

let t: MoneyInTestApp;
beforeAll(async () => {
  t = await createMoneyInTestApp({ TRUEMONEY_RECEIVER_PHONE: RECEIVER });
});
afterAll(async () => {
  await t?.close();
});

const minutesAgo = (minutes: number) => new Date(t.clock.now().getTime() - minutes * 60_000);

async function voucher(ownerPhone: string, amountMinor: number) {
  const answer = await t.gatewayPost('/sandbox/truemoney/vouchers', { ownerPhone, amountMinor });
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  const link = (answer.json as { link: string }).link;
  return { link, hash: new URL(link).searchParams.get('v')! };
}

/** The row a crash leaves: the hash claimed for the member, `redeeming`, the call never answered. */
async function stuckVoucher(hash: string, memberId: string, since: Date) {
  const id = randomUUID();
  await t.app.deps.db.kysely
    .insertInto('truemoney_vouchers')
    .values({
      id,
      voucher_hash: hash,
      member_id: memberId,
      status: 'redeeming',
      created_at: since,
      updated_at: since,
    })
    .execute();
  return id;
}

async function voucherRow(id: string) {
  return t.app.deps.db.kysely
    .selectFrom('truemoney_vouchers')
    .select(['status', 'reason', 'amount', 'transfer_id'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

describe('nothing stays stuck after a crash (A8)', () => {
  it('a voucher left redeeming is redeemed again by the job and credited exactly once', async () => {
    const before = await slipMember(t);
    const after = await slipMember(t);
    // Crashed before the service was called, and crashed after the service redeemed it.
    const notCalled = await voucher(before.username, 40_00);
    const redeemed = await voucher(after.username, 60_00);
    const notCalledId = await stuckVoucher(notCalled.hash, before.memberId, minutesAgo(10));
    const redeemedId = await stuckVoucher(redeemed.hash, after.memberId, minutesAgo(10));
    const answer = await t.app.deps.vouchers.redeem({
      voucherHash: redeemed.hash,
      mobile: RECEIVER,
    });
    expect(answer.kind).toBe('redeemed');

    await t.app.jobs.runNow(JOB);
    expect(await cashOf(t, before.memberId)).toBe(40_00n);
    expect(await cashOf(t, after.memberId)).toBe(60_00n);
    expect(await voucherRow(notCalledId)).toMatchObject({ status: 'credited', reason: null });
    expect((await voucherRow(redeemedId)).transfer_id).not.toBeNull();

    // Again, and the member sending the link again: no second credit.
    await t.app.jobs.runNow(JOB);
    const resend = await t.api('POST', '/api/wallet/truelink', {
      token: after.token,
      body: { link: await encryptTrueLink(redeemed.link, TRUELINK_DEV_SECRET) },
    });
    expect(resend.json()).toEqual({ message: 'TRUELINK_DUPLICATE' });
    expect(await cashOf(t, before.memberId)).toBe(40_00n);
    expect(await cashOf(t, after.memberId)).toBe(60_00n);
    await expectLedgerConsistent(t.app.deps.db);
  });

  it('settles a stuck voucher by its answer: held when not the member’s, left alone while recent', async () => {
    const m = await slipMember(t);
    const foreign = await voucher(uniquePhone(), 70_00);
    const foreignId = await stuckVoucher(foreign.hash, m.memberId, minutesAgo(10));
    const recent = await voucher(m.username, 30_00);
    const recentId = await stuckVoucher(recent.hash, m.memberId, minutesAgo(1));
    await t.app.jobs.runNow(JOB);
    expect(await voucherRow(foreignId)).toMatchObject({
      status: 'held',
      reason: 'TRUELINK_NOT_OWNER',
    });
    expect(Number((await voucherRow(foreignId)).amount)).toBe(70_00);
    expect((await voucherRow(recentId)).status).toBe('redeeming');
    expect(await cashOf(t, m.memberId)).toBe(0n);
  });

  it('a slip left processing is failed by the job and its reference freed: the member uploads it again', async () => {
    const m = await slipMember(t);
    const { png, transRef } = await bankSlip(t, m.account, 90_00);
    const text = findQrText(decodeImage(png, 'image/png')!)!;
    const parsed = parseSlipQr(text);
    if (!parsed.ok) throw new Error('the sandbox slip has no slip QR');
    const stuckId = randomUUID();
    await t.app.deps.db.kysely
      .insertInto('slips')
      .values({
        id: stuckId,
        member_id: m.memberId,
        status: 'processing',
        currency: 'THB',
        sending_bank: parsed.slip.sendingBank,
        trans_ref: transRef,
        created_at: minutesAgo(20),
        updated_at: minutesAgo(20),
      })
      .execute();
    // The crashed upload still holds the reference.
    expect((await uploadSlip(t, m.token, png)).note).toBe('REFERENCE_DUPLICATED');

    await t.app.jobs.runNow(JOB);
    const stuck = await t.app.deps.db.kysely
      .selectFrom('slips')
      .select(['status', 'reason'])
      .where('id', '=', stuckId)
      .executeTakeFirstOrThrow();
    expect(stuck).toEqual({ status: 'failed', reason: 'UNKNOWN' });
    expect(await uploadSlip(t, m.token, png)).toMatchObject({ status: 'SUCCESS', amount: 90 });
    await t.app.jobs.runNow(JOB);
    expect(await cashOf(t, m.memberId)).toBe(90_00n);
  });

  it('a slip processing for less than the stale time is left alone', async () => {
    const m = await slipMember(t);
    const id = randomUUID();
    await t.app.deps.db.kysely
      .insertInto('slips')
      .values({
        id,
        member_id: m.memberId,
        status: 'processing',
        currency: 'THB',
        sending_bank: '004',
        trans_ref: `RECENT${Date.now()}`,
        created_at: minutesAgo(2),
        updated_at: minutesAgo(2),
      })
      .execute();
    await t.app.jobs.runNow(JOB);
    const row = await t.app.deps.db.kysely
      .selectFrom('slips')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('processing');
  });
});
