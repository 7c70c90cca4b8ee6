import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMemberBalances } from '@/modules/ledger/ledger.repository.ts';
import { bonusMember } from './support/bonus.ts';
import { creditCash, expectLedgerConsistent, insertMember } from './support/money.ts';
import {
  adminApi,
  reauthenticate,
  signedInOperator,
  type TestOperator,
} from './support/operators.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * Manual credits and debits (docs/back-office/members.md#adjustments). Default approvals: finance may adjust up to
 * 10,000.00, the owner up to 100,000.00; above 50,000.00 a second operator approves.
 */

let t: TestApp;
let owner: TestOperator;
let owner2: TestOperator;
let owner3: TestOperator;
let finance: TestOperator;
let support: TestOperator;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signedInOperator(t, 'owner');
  owner2 = await signedInOperator(t, 'owner');
  owner3 = await signedInOperator(t, 'owner');
  finance = await signedInOperator(t, 'finance');
  support = await signedInOperator(t, 'support');
});
afterAll(async () => {
  await t?.close();
});

type Adjustment = {
  id: string;
  status: string;
  amountMinor: string;
  balanceBeforeMinor: string | null;
  balanceAfterMinor: string | null;
  requestedBy: string;
  decidedBy: string | null;
  isMine: boolean;
};

const cashOf = async (memberId: string) =>
  (await readMemberBalances(t.app.deps.db.kysely, memberId, 'posted')).cash;

function adjust(
  operator: TestOperator,
  memberId: string,
  body: { direction: 'credit' | 'debit'; amountMinor: string; reason?: string; requestId?: string },
) {
  return adminApi(t, 'POST', `/api/admin/members/${memberId}/adjustments`, {
    token: operator.token,
    body: { requestId: randomUUID(), reason: 'Goodwill for a failed payout', ...body },
  });
}
const approve = (operator: TestOperator, id: string) =>
  adminApi(t, 'POST', `/api/admin/adjustments/${id}/approve`, { token: operator.token });

async function adjustmentTransfers(memberId: string) {
  return t.app.deps.db.kysely
    .selectFrom('ledger_transfers')
    .select(['id', 'external_ref', 'amount'])
    .where('member_id', '=', memberId)
    .where('kind', '=', 'adjustment')
    .execute();
}

describe('manual credit and debit (members.adjust)', () => {
  it('credits within the role limit at once, through the ledger, audited with the balances before and after', async () => {
    const member = await bonusMember(t);
    await creditCash(t.app.deps.db, member.memberId, 200_00n);
    await reauthenticate(t, finance);
    const requestId = randomUUID();
    const body = { direction: 'credit' as const, amountMinor: '500000', requestId };
    const response = await adjust(finance, member.memberId, body);
    expect(response.statusCode, response.body).toBe(200);
    const adjustment = response.json<Adjustment>();
    expect(adjustment).toMatchObject({
      id: requestId,
      status: 'posted',
      balanceBeforeMinor: '20000',
      balanceAfterMinor: '520000',
      requestedBy: finance.username,
      decidedBy: finance.username,
      isMine: true,
    });
    expect(await cashOf(member.memberId)).toBe(5200_00n);

    // A repeat of the same request (a double click, a retry) moves nothing more.
    const again = await adjust(finance, member.memberId, body);
    expect(again.json<Adjustment>()).toMatchObject({ id: requestId, status: 'posted' });
    expect(await cashOf(member.memberId)).toBe(5200_00n);
    expect(await adjustmentTransfers(member.memberId)).toHaveLength(1);
    const reused = await adjust(finance, member.memberId, { ...body, amountMinor: '100' });
    expect(reused.json()).toEqual({ message: 'IDEMPOTENCY_KEY_REUSED' });

    const [audit] = await t.app.deps.db.kysely
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'member.adjusted')
      .where('target_id', '=', member.memberId)
      .execute();
    expect(audit).toMatchObject({
      operator_id: finance.id,
      reason: 'Goodwill for a failed payout',
      before: { cashMinor: '20000' },
      after: { cashMinor: '520000', direction: 'credit', amountMinor: '500000' },
    });

    // The member sees it in the statement as a staff adjustment.
    const statement = await t.api('POST', '/api/statement', {
      token: member.token,
      body: { page: 1, limit: 10 },
    });
    expect(JSON.stringify(statement.json())).toContain('adjustment');
    await expectLedgerConsistent(t.app.deps.db);
  });

  it('debits, but never below zero', async () => {
    const member = await bonusMember(t);
    await creditCash(t.app.deps.db, member.memberId, 100_00n);
    await reauthenticate(t, finance);
    const tooMuch = await adjust(finance, member.memberId, {
      direction: 'debit',
      amountMinor: '10001',
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json()).toEqual({ message: 'ADJUSTMENT_BELOW_ZERO' });
    expect(await cashOf(member.memberId)).toBe(100_00n);
    const exact = await adjust(finance, member.memberId, {
      direction: 'debit',
      amountMinor: '10000',
    });
    expect(exact.json<Adjustment>()).toMatchObject({
      status: 'posted',
      balanceBeforeMinor: '10000',
      balanceAfterMinor: '0',
    });
    expect(await cashOf(member.memberId)).toBe(0n);
  });

  it('refuses an amount above the role’s limit, a missing reason, a bad amount, and asks for re-authentication', async () => {
    const member = await bonusMember(t);
    await reauthenticate(t, finance);
    const above = await adjust(finance, member.memberId, {
      direction: 'credit',
      amountMinor: '1000001',
    });
    expect(above.json()).toEqual({ message: 'ADJUSTMENT_LIMIT' });
    const noReason = await adjust(finance, member.memberId, {
      direction: 'credit',
      amountMinor: '100',
      reason: ' ',
    });
    expect(noReason.json()).toEqual({ message: 'REASON_REQUIRED' });
    for (const amountMinor of ['0', '-5', '1.5', 'abc'])
      expect(
        (await adjust(finance, member.memberId, { direction: 'credit', amountMinor })).json(),
      ).toEqual({ message: 'INVALID_AMOUNT' });
    expect(await cashOf(member.memberId)).toBe(0n);

    t.clock.advance(6 * 60_000);
    const stale = await adjust(finance, member.memberId, {
      direction: 'credit',
      amountMinor: '100',
    });
    expect(stale.statusCode).toBe(428);
    expect(stale.json()).toEqual({ message: 'OPERATOR_REAUTH_REQUIRED' });
  });

  it('above the second-approval line waits for a different operator, who posts it once', async () => {
    const member = await bonusMember(t);
    await reauthenticate(t, owner);
    const requested = await adjust(owner, member.memberId, {
      direction: 'credit',
      amountMinor: '6000000',
    });
    expect(requested.statusCode, requested.body).toBe(200);
    const { id } = requested.json<Adjustment>();
    expect(requested.json<Adjustment>()).toMatchObject({ status: 'awaiting_approval' });
    expect(await cashOf(member.memberId)).toBe(0n);

    const pending = await adminApi(t, 'POST', '/api/admin/adjustments/pending', {
      token: owner2.token,
      body: {},
    });
    expect(pending.json().rows.map((r: Adjustment) => r.id)).toContain(id);

    expect((await approve(owner, id)).json()).toEqual({ message: 'SELF_APPROVAL' });
    await reauthenticate(t, finance);
    // Finance may adjust up to 10,000.00: it cannot approve 60,000.00 either.
    expect((await approve(finance, id)).json()).toEqual({ message: 'ADJUSTMENT_LIMIT' });
    expect(await cashOf(member.memberId)).toBe(0n);

    await reauthenticate(t, owner2);
    const approved = await approve(owner2, id);
    expect(approved.json<Adjustment>()).toMatchObject({
      status: 'posted',
      requestedBy: owner.username,
      decidedBy: owner2.username,
      balanceAfterMinor: '6000000',
    });
    expect(await cashOf(member.memberId)).toBe(60_000_00n);
    expect((await approve(owner2, id)).json()).toEqual({ message: 'ITEM_ALREADY_DECIDED' });
  });

  it('a waiting request can be rejected with a reason, and then is never posted', async () => {
    const member = await bonusMember(t);
    await reauthenticate(t, owner);
    const requested = await adjust(owner, member.memberId, {
      direction: 'credit',
      amountMinor: '7000000',
    });
    const { id } = requested.json<Adjustment>();
    const rejected = await adminApi(t, 'POST', `/api/admin/adjustments/${id}/reject`, {
      token: finance.token,
      body: { reason: 'No ticket for this' },
    });
    expect(rejected.json<Adjustment>()).toMatchObject({ status: 'rejected' });
    await reauthenticate(t, owner2);
    expect((await approve(owner2, id)).json()).toEqual({ message: 'ITEM_ALREADY_DECIDED' });
    expect(await cashOf(member.memberId)).toBe(0n);
    const list = await adminApi(
      t,
      'POST',
      `/api/admin/members/${member.memberId}/adjustments/list`,
      {
        token: support.token,
        body: {},
      },
    );
    expect(list.json()).toMatchObject({ total: 1, rows: [{ id, status: 'rejected' }] });
  });

  it('pays once under parallel approvals by two operators and parallel repeats of one request', async () => {
    const member = await bonusMember(t);
    await reauthenticate(t, owner);
    const requested = await adjust(owner, member.memberId, {
      direction: 'credit',
      amountMinor: '5500000',
    });
    const { id } = requested.json<Adjustment>();
    await reauthenticate(t, owner2);
    await reauthenticate(t, owner3);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => approve(i % 2 === 0 ? owner2 : owner3, id)),
    );
    const codes = answers.map((a) => (a.statusCode === 200 ? 'OK' : a.json().message));
    expect(codes.filter((c) => c === 'OK')).toHaveLength(1);
    expect(codes.filter((c) => c !== 'OK').every((c) => c === 'ITEM_ALREADY_DECIDED')).toBe(true);
    expect(await cashOf(member.memberId)).toBe(55_000_00n);

    await reauthenticate(t, finance);
    const requestId = randomUUID();
    const repeats = await Promise.all(
      Array.from({ length: 10 }, () =>
        adjust(finance, member.memberId, { direction: 'debit', amountMinor: '100000', requestId }),
      ),
    );
    for (const r of repeats)
      expect(r.json<Adjustment>()).toMatchObject({ id: requestId, status: 'posted' });
    expect(await cashOf(member.memberId)).toBe(54_000_00n);
    expect(await adjustmentTransfers(member.memberId)).toHaveLength(2);
    await expectLedgerConsistent(t.app.deps.db);
  });

  it('adjusts a Lao member in kip, from the kip house account', async () => {
    const { memberId } = await insertMember(t.app.deps.db, { currency: 'LAK' });
    await reauthenticate(t, finance);
    const response = await adjust(finance, memberId, {
      direction: 'credit',
      amountMinor: '100000',
    });
    expect(response.json()).toMatchObject({ status: 'posted', currency: 'LAK' });
    const [transfer] = await t.app.deps.db.kysely
      .selectFrom('ledger_transfers')
      .select(['currency'])
      .where('member_id', '=', memberId)
      .execute();
    expect(transfer?.currency).toBe('LAK');
    expect(await cashOf(memberId)).toBe(100000n);
  });

  it('is refused to roles without members.adjust', async () => {
    const member = await bonusMember(t);
    await reauthenticate(t, support);
    const response = await adjust(support, member.memberId, {
      direction: 'credit',
      amountMinor: '100',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'OPERATOR_FORBIDDEN' });
    const pending = await adminApi(t, 'POST', '/api/admin/adjustments/pending', {
      token: support.token,
      body: {},
    });
    expect(pending.json()).toEqual({ message: 'OPERATOR_FORBIDDEN' });
  });
});
