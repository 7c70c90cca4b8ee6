import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMemberBalances } from '@/modules/ledger/ledger.repository.ts';
import { expectLedgerConsistent, insertMember } from './support/money.ts';
import { setSecondApprovalAbove } from './support/money-out.ts';
import {
  adminApi,
  reauthenticate,
  signedInOperator,
  type TestOperator,
} from './support/operators.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * Daily sums of solo adjustments (docs/back-office/members.md#adjustments). The second-approval line is 25,000.00 here,
 * so three solo credits of 10,000.00 (finance's limit per adjustment) cross it; 80% of it is 20,000.00.
 */

const db = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const LINE = 25_000_00;

let t: TestApp;
let owner: TestOperator;
let owner2: TestOperator;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signedInOperator(t, 'owner');
  owner2 = await signedInOperator(t, 'owner');
  await setSecondApprovalAbove(t, LINE);
});
afterAll(async () => {
  await t?.close();
});

type Adjustment = { id: string; status: string; amountMinor: string };

const cashOf = async (memberId: string) =>
  (await readMemberBalances(t.app.deps.db.kysely, memberId, 'posted')).cash;
const newMember = async () => (await insertMember(t.app.deps.db)).memberId;

async function adjust(
  operator: TestOperator,
  memberId: string,
  amountMinor: number,
  direction: 'credit' | 'debit' = 'credit',
) {
  const response = await adminApi(t, 'POST', `/api/admin/members/${memberId}/adjustments`, {
    token: operator.token,
    body: {
      requestId: randomUUID(),
      direction,
      amountMinor: String(amountMinor),
      reason: 'Goodwill',
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Adjustment>();
}

async function financeOperators(n: number) {
  const operators: TestOperator[] = [];
  for (let i = 0; i < n; i += 1) operators.push(await signedInOperator(t, 'finance'));
  for (const o of operators) await reauthenticate(t, o);
  return operators;
}

async function nearLineNotices(operator: TestOperator, about: TestOperator) {
  const body = (await adminApi(t, 'GET', '/api/admin/notices', { token: operator.token })).json<{
    rows: { kind: string; params: Record<string, unknown> }[];
  }>();
  return body.rows.filter(
    (r) => r.kind === 'adjustments.nearLine' && r.params.operator === about.username,
  );
}

describe(`solo adjustments add up per Bangkok day (${db})`, () => {
  it('past the line, an operator’s next adjustment waits for another operator; debits count too', async () => {
    // Before: three solo credits of 10,000.00 were all posted, 30,000.00 above a 25,000.00 line with nobody else looking.
    const [finance, finance2] = (await financeOperators(2)) as [TestOperator, TestOperator];
    const [a, b, c] = [await newMember(), await newMember(), await newMember()];
    const first = await adjust(finance, a, 10_000_00);
    const second = await adjust(finance, b, 10_000_00);
    const third = await adjust(finance, c, 10_000_00);
    expect([first.status, second.status, third.status]).toEqual([
      'posted',
      'posted',
      'awaiting_approval',
    ]);
    expect(await cashOf(c)).toBe(0n);

    // A debit counts as well: 5,000.00 brings the day to exactly the line, one satang more waits.
    expect((await adjust(finance, a, 5_000_00, 'debit')).status).toBe('posted');
    expect((await adjust(finance, a, 1, 'debit')).status).toBe('awaiting_approval');
    expect(await cashOf(a)).toBe(5_000_00n);

    // Another operator approves the waiting credit: two people saw it, so it adds to nobody's solo sum.
    const approved = await adminApi(t, 'POST', `/api/admin/adjustments/${third.id}/approve`, {
      token: finance2.token,
    });
    expect(approved.json<Adjustment>().status).toBe('posted');
    expect(await cashOf(c)).toBe(10_000_00n);
    expect((await adjust(finance2, c, 10_000_00)).status).toBe('posted');
    await expectLedgerConsistent(t.app.deps.db);
  });

  it('past the line, a member receives nothing more alone that day, whoever sends it', async () => {
    const senders = await financeOperators(3);
    const member = await newMember();
    const statuses = [];
    for (const sender of senders) statuses.push((await adjust(sender, member, 10_000_00)).status);
    expect(statuses).toEqual(['posted', 'posted', 'awaiting_approval']);
    expect(await cashOf(member)).toBe(20_000_00n);
  });

  it('tells every owner once when an operator nears the line (80%), not on every request', async () => {
    const [finance] = (await financeOperators(1)) as [TestOperator];
    await adjust(finance, await newMember(), 10_000_00);
    expect(await nearLineNotices(owner, finance)).toEqual([]);
    await adjust(finance, await newMember(), 10_000_00);
    for (const o of [owner, owner2])
      expect(await nearLineNotices(o, finance)).toMatchObject([
        {
          params: {
            operator: finance.username,
            totalMinor: 20_000_00,
            lineMinor: LINE,
            currency: 'THB',
          },
        },
      ]);
    for (const amount of [4_000_00, 10_000_00, 10_000_00])
      await adjust(finance, await newMember(), amount);
    expect(await nearLineNotices(owner, finance)).toHaveLength(1);
    expect(await nearLineNotices(owner2, finance)).toHaveLength(1);
    // The operator is not told about themself.
    expect(await nearLineNotices(finance, finance)).toEqual([]);
  });

  it('parallel requests never slip past the line together', async () => {
    const [finance] = (await financeOperators(1)) as [TestOperator];
    const members = await Promise.all(Array.from({ length: 8 }, newMember));
    const byOne = await Promise.all(members.map((m) => adjust(finance, m, 10_000_00)));
    expect(byOne.filter((a) => a.status === 'posted')).toHaveLength(2);
    expect(byOne.filter((a) => a.status === 'awaiting_approval')).toHaveLength(6);
    let total = 0n;
    for (const m of members) total += await cashOf(m);
    expect(total).toBe(20_000_00n);
    expect(await nearLineNotices(owner, finance)).toHaveLength(1);

    const senders = await financeOperators(6);
    const member = await newMember();
    const toOne = await Promise.all(senders.map((s) => adjust(s, member, 10_000_00)));
    expect(toOne.filter((a) => a.status === 'posted')).toHaveLength(2);
    expect(await cashOf(member)).toBe(20_000_00n);
    await expectLedgerConsistent(t.app.deps.db);
  });

  it('the day is Bangkok’s: at midnight there (17:00 UTC) the sums start again', async () => {
    t.clock.set(new Date('2026-11-03T16:45:00.000Z')); // 23:45 in Bangkok
    const [finance] = (await financeOperators(1)) as [TestOperator];
    const member = await newMember();
    expect((await adjust(finance, member, 10_000_00)).status).toBe('posted');
    expect((await adjust(finance, member, 10_000_00)).status).toBe('posted');
    expect((await adjust(finance, member, 10_000_00)).status).toBe('awaiting_approval');
    t.clock.set(new Date('2026-11-03T16:59:00.000Z'));
    await reauthenticate(t, finance);
    expect((await adjust(finance, member, 10_000_00)).status).toBe('awaiting_approval');
    t.clock.set(new Date('2026-11-03T17:00:00.000Z')); // 00:00 the next day in Bangkok
    await reauthenticate(t, finance);
    expect((await adjust(finance, member, 10_000_00)).status).toBe('posted');
    expect(await cashOf(member)).toBe(30_000_00n);
  });
});
