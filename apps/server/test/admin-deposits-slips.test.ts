import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cashOf } from './support/bank.ts';
import { auditOf, claimAndDecide, claimItem, decide, listQueue } from './support/deposit-queues.ts';
import { uniqueAccountNo } from './support/members.ts';
import { createMoneyInTestApp, type MoneyInTestApp } from './support/money-in.ts';
import { expectLedgerConsistent } from './support/money.ts';
import { setSecondApprovalAbove } from './support/money-out.ts';
import {
  adminApi,
  reauthenticate,
  signedInOperator,
  type TestOperator,
} from './support/operators.ts';
import { bankSlip, slipList, slipMember, uploadSlip } from './support/slips.ts';

let t: MoneyInTestApp;
let finance: TestOperator;
beforeAll(async () => {
  t = await createMoneyInTestApp();
  finance = await signedInOperator(t, 'finance');
});
afterAll(async () => {
  await t?.close();
});

/** A member's slip of a transfer from an account that is not their registered one: read, verified, not credited. */
async function mismatchedSlip(amountMinor: number) {
  const m = await slipMember(t);
  const slip = await bankSlip(
    t,
    { name: 'SOMSRI JAIDEE', bankCode: 'KBANK', accountNo: uniqueAccountNo() },
    amountMinor,
  );
  const answer = await uploadSlip(t, m.token, slip.png);
  expect(answer).toMatchObject({ status: 'FAILED', note: 'PLAYER_ACCOUNT_MISMATCH' });
  return { m, id: answer._id, png: slip.png, transRef: slip.transRef };
}

type SlipItem = {
  reason: string;
  amountMinor: number | null;
  transRef: string;
  verified: { sender: { name: string; accountNo: string }; receiver: { accountNo: string } };
  hasImage: boolean;
  status: string;
  outcome: string | null;
};

describe('slips not credited (docs/back-office/money-in.md)', () => {
  it('shows the sender and the member account numbers whole to finance, masked to support (issue 27)', async () => {
    const m = await slipMember(t);
    const senderNo = uniqueAccountNo();
    const slip = await bankSlip(
      t,
      { name: 'SOMSRI JAIDEE', bankCode: 'KBANK', accountNo: senderNo },
      150_00,
    );
    const answer = await uploadSlip(t, m.token, slip.png);
    expect(answer).toMatchObject({ status: 'FAILED', note: 'PLAYER_ACCOUNT_MISMATCH' });
    const support = await signedInOperator(t, 'support');
    const masked = (no: string) => `${'•'.repeat(no.length - 4)}${no.slice(-4)}`;
    type Seen = {
      member: { bank: { accountNo: string } };
      verified: { sender: { accountNo: string } };
    };
    const read = async (op: TestOperator) => {
      const got = await adminApi(t, 'GET', `/api/admin/deposits/slips/${answer._id}`, {
        token: op.token,
      });
      expect(got.statusCode, got.body).toBe(200);
      const listed = await listQueue(t, op, 'slips', { search: m.username });
      return { item: got.json<Seen>(), row: listed.rows[0] as unknown as Seen };
    };
    const asFinance = await read(finance);
    for (const seen of [asFinance.item, asFinance.row]) {
      expect(seen.verified.sender.accountNo).toBe(senderNo);
      expect(seen.member.bank.accountNo).toBe(m.bankAccountNo);
    }
    const asSupport = await read(support);
    for (const seen of [asSupport.item, asSupport.row]) {
      expect(seen.verified.sender.accountNo).toBe(masked(senderNo));
      expect(seen.member.bank.accountNo).toBe(masked(m.bankAccountNo));
    }
  });

  it('shows the verifier’s answer and reason, streams the image to operators only, and credits once', async () => {
    const { m, id, png, transRef } = await mismatchedSlip(320_00);
    const open = await listQueue(t, finance, 'slips', { search: m.username });
    expect(open.rows.map((r) => r.id)).toEqual([id]);
    const got = await adminApi(t, 'GET', `/api/admin/deposits/slips/${id}`, {
      token: finance.token,
    });
    expect(got.json<SlipItem>()).toMatchObject({
      reason: 'PLAYER_ACCOUNT_MISMATCH',
      amountMinor: 320_00,
      transRef,
      verified: { sender: { name: 'SOMSRI JAIDEE' }, receiver: { accountNo: '1423096718' } },
      hasImage: true,
      outcome: null,
    });

    const image = await adminApi(t, 'GET', `/api/admin/deposits/slips/${id}/image`, {
      token: finance.token,
    });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toBe('no-store');
    expect(image.rawPayload.equals(png)).toBe(true);
    const marketing = await signedInOperator(t, 'marketing');
    const forbidden = await adminApi(t, 'GET', `/api/admin/deposits/slips/${id}/image`, {
      token: marketing.token,
    });
    expect(forbidden.statusCode).toBe(403);
    const asMember = await adminApi(t, 'GET', `/api/admin/deposits/slips/${id}/image`, {
      token: m.token,
    });
    expect(asMember.statusCode).toBe(401);
    expect(asMember.rawPayload.equals(png)).toBe(false);

    const credited = await claimAndDecide(t, finance, 'slips', id, 'credit', {
      reason: 'sent from the member’s wife’s account',
    });
    expect(credited).toMatchObject({
      status: 'success',
      outcome: 'credited',
      decision: { by: finance.username },
    });
    expect(await cashOf(t, m.memberId)).toBe(320_00n);
    const again = await decide(t, finance, 'slips', id, 'credit', { reason: 'again please' });
    expect(again.json()).toEqual({ message: 'ITEM_ALREADY_DECIDED' });
    expect((await slipList(t, m.token)).slips[0]).toMatchObject({ status: 'SUCCESS', amount: 320 });
    expect(await auditOf(t, id)).toEqual([
      expect.objectContaining({
        action: 'slip.credited',
        before: expect.objectContaining({
          reason: 'PLAYER_ACCOUNT_MISMATCH',
          verifierAmountMinor: 320_00,
        }),
        after: expect.objectContaining({ creditedMinor: 320_00, isAmountTyped: false }),
      }),
    ]);
    await expectLedgerConsistent(t.app.deps.db);
  });

  it('refuses a slip with a reason: nothing credited, it leaves the open queue, the member still sees it failed', async () => {
    const { m, id } = await mismatchedSlip(150_00);
    const refused = await claimAndDecide(t, finance, 'slips', id, 'refuse', {
      reason: 'not the member’s transfer',
    });
    expect(refused).toMatchObject({
      status: 'failed',
      outcome: 'refused',
      reason: 'PLAYER_ACCOUNT_MISMATCH',
    });
    expect(await cashOf(t, m.memberId)).toBe(0n);
    expect((await listQueue(t, finance, 'slips', { search: m.username })).total).toBe(0);
    expect(
      (await listQueue(t, finance, 'slips', { search: m.username, state: 'decided' })).total,
    ).toBe(1);
    expect((await slipList(t, m.token)).slips[0]).toMatchObject({ status: 'FAILED' });
    expect((await auditOf(t, id)).map((a) => a.action)).toEqual(['slip.refused']);
  });

  it('credits the amount the operator types; a transfer already credited is refused with no money', async () => {
    const { m, id, transRef } = await mismatchedSlip(80_00);
    await claimItem(t, finance, 'slips', id);
    await reauthenticate(t, finance);
    const typed = await decide(t, finance, 'slips', id, 'credit', {
      amountMinor: 79_50,
      reason: 'fee kept by the bank',
    });
    expect(typed.statusCode, typed.body).toBe(200);
    expect(await cashOf(t, m.memberId)).toBe(79_50n);
    // The same transfer's slip sent again by the member: failed as a duplicate, and no operator can credit it twice.
    const slip = await t.app.deps.db.kysely
      .selectFrom('slips')
      .select('image')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const second = await uploadSlip(t, m.token, Buffer.from(slip.image ?? []));
    expect(second).toMatchObject({
      status: 'FAILED',
      note: 'REFERENCE_DUPLICATED',
      reference: transRef,
    });
    await claimItem(t, finance, 'slips', second._id);
    await reauthenticate(t, finance);
    // Never verified: no amount unless the operator types one; typed, the transfer is still credited only once.
    const untyped = await decide(t, finance, 'slips', second._id, 'credit', {
      reason: 'duplicate upload',
    });
    expect(untyped.json()).toEqual({ message: 'DEPOSIT_AMOUNT_UNKNOWN' });
    const twice = await decide(t, finance, 'slips', second._id, 'credit', {
      amountMinor: 80_00,
      reason: 'duplicate upload',
    });
    expect(twice.json()).toEqual({ message: 'DEPOSIT_ALREADY_CREDITED' });
    expect(await cashOf(t, m.memberId)).toBe(79_50n);
    const bad = await decide(t, finance, 'slips', second._id, 'credit', {
      amountMinor: 12.5,
      reason: 'bad amount',
    });
    expect(bad.json()).toEqual({ message: 'INVALID_AMOUNT' });
  });

  it('a typed amount is a manual credit: within the role’s adjustment limit and the second-approval line', async () => {
    // Default approvals: finance may adjust 10,000 baht, the owner 100,000, and above 50,000 a second operator approves.
    // Before, a blank slip nobody could read was credited 100,000,000 baht by one finance operator.
    const { m, id } = await mismatchedSlip(80_00);
    await claimItem(t, finance, 'slips', id);
    await reauthenticate(t, finance);
    const above = await decide(t, finance, 'slips', id, 'credit', {
      amountMinor: 10_000_01,
      reason: 'typed above the finance limit',
    });
    expect({ status: above.statusCode, body: above.json() }).toEqual({
      status: 403,
      body: { message: 'ADJUSTMENT_LIMIT' },
    });
    expect(await cashOf(t, m.memberId)).toBe(0n);

    expect(await auditOf(t, id)).toEqual([]);

    const other = await mismatchedSlip(90_00);
    const owner = await signedInOperator(t, 'owner');
    await claimItem(t, owner, 'slips', other.id);
    await reauthenticate(t, owner);
    const overLine = await decide(t, owner, 'slips', other.id, 'credit', {
      amountMinor: 50_000_01,
      reason: 'typed above the second-approval line',
    });
    expect(overLine.json()).toEqual({ message: 'ADJUSTMENT_LIMIT' });
    expect(await cashOf(t, other.m.memberId)).toBe(0n);

    const within = await decide(t, owner, 'slips', other.id, 'credit', {
      amountMinor: 50_000_00,
      reason: 'typed at the line',
    });
    expect(within.statusCode, within.body).toBe(200);
    expect(await cashOf(t, other.m.memberId)).toBe(50_000_00n);
    await expectLedgerConsistent(t.app.deps.db);
  });
});

describe('a typed slip amount counts in the day’s solo sums (docs/back-office/members.md#adjustments)', () => {
  it('adds to the operator’s solo adjustments of the Bangkok day; past the line it is refused, nothing credited', async () => {
    await setSecondApprovalAbove(t, 25_000_00);
    try {
      const clerk = await signedInOperator(t, 'finance');
      const first = await mismatchedSlip(80_00);
      await claimAndDecide(t, clerk, 'slips', first.id, 'credit', {
        amountMinor: 10_000_00,
        reason: 'typed from the bank statement',
      });
      const member = await slipMember(t);
      const adjust = async () => {
        const response = await adminApi(
          t,
          'POST',
          `/api/admin/members/${member.memberId}/adjustments`,
          {
            token: clerk.token,
            body: {
              requestId: randomUUID(),
              direction: 'credit',
              amountMinor: '1000000',
              reason: 'Goodwill',
            },
          },
        );
        return response.json<{ status: string }>().status;
      };
      // 10,000.00 typed + 10,000.00 adjusted: 20,000.00; the next 10,000.00 would pass the 25,000.00 line.
      expect(await adjust()).toBe('posted');
      expect(await adjust()).toBe('awaiting_approval');

      const second = await mismatchedSlip(90_00);
      await claimItem(t, clerk, 'slips', second.id);
      await reauthenticate(t, clerk);
      const over = await decide(t, clerk, 'slips', second.id, 'credit', {
        amountMinor: 6_000_00,
        reason: 'typed past the line',
      });
      expect({ status: over.statusCode, body: over.json() }).toEqual({
        status: 409,
        body: { message: 'ADJUSTMENT_DAILY_LINE' },
      });
      expect(await cashOf(t, second.m.memberId)).toBe(0n);
      // The verifier's own amount is no manual credit: it is not counted, and still credited.
      const verified = await decide(t, clerk, 'slips', second.id, 'credit', {
        reason: 'the slip is right',
      });
      expect(verified.statusCode, verified.body).toBe(200);
      expect(await cashOf(t, second.m.memberId)).toBe(90_00n);
      await expectLedgerConsistent(t.app.deps.db);
    } finally {
      await setSecondApprovalAbove(t, 50_000_00);
    }
  });
});
