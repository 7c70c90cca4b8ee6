import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditCheckOf, recordAudit, verifyAuditChain } from '@/modules/audit/audit.service.ts';
import { memberIdOf } from './support/bank.ts';
import { signedInMember } from './support/members.ts';
import {
  adminApi,
  reauthenticate,
  signedInOperator,
  type TestOperator,
} from './support/operators.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/** A lone UTF-16 surrogate: PostgreSQL would store U+FFFD for it (issue 27 item 1). */
const POISON = 'pentest \ud800 reason';

let t: TestApp;
let owner: TestOperator;
let memberId: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signedInOperator(t, 'owner');
  const member = await signedInMember(t);
  memberId = await memberIdOf(t, member.username);
});
afterAll(async () => {
  await t?.close();
});

/** What each decision needs besides its reason, so that the reason is the one thing wrong. */
const OTHER_FIELDS: Record<string, Record<string, unknown>> = {
  '/api/admin/members/:id/adjustments': {
    requestId: randomUUID(),
    direction: 'credit',
    amountMinor: '100',
  },
  '/api/admin/deposits/bank-lines/:id/credit': { memberId: randomUUID() },
  '/api/admin/deposits/bank-lines/:id/refuse': { outcome: 'ignored' },
  '/api/admin/deposits/slips/:id/credit': { amountMinor: 100 },
};

/** Every back-office call that writes an operator's reason (a list's filter named reason is no decision). */
function reasonCalls() {
  return t.app.apiRoutes.filter((route) => {
    const shape = (route.contract?.body as { shape?: Record<string, unknown> } | undefined)?.shape;
    return route.path.startsWith('/api/admin/') && shape && 'reason' in shape && !('page' in shape);
  });
}

describe('a lone surrogate in a reason cannot poison the audit trail (issue 27 item 1)', () => {
  it('every reason field refuses it with INVALID_CHARACTERS, and the chain stays intact', async () => {
    const calls = reasonCalls();
    // Freeze, unfreeze, sign-out, password reset, adjustments and their rejection, withdrawals, payouts, deposits.
    expect(calls.length).toBeGreaterThanOrEqual(18);
    await reauthenticate(t, owner);
    const answers: string[] = [];
    for (const call of calls) {
      const id = call.path.startsWith('/api/admin/members/') ? memberId : randomUUID();
      const response = await adminApi(t, 'POST', call.path.replace(':id', id), {
        token: owner.token,
        body: { ...OTHER_FIELDS[call.path], reason: POISON },
      });
      answers.push(`${call.path} ${response.statusCode} ${response.body}`);
    }
    expect(answers).toEqual(
      calls.map((call) => `${call.path} 400 {"message":"INVALID_CHARACTERS"}`),
    );
    const status = await t.app.deps.db.kysely
      .selectFrom('members')
      .select('status')
      .where('id', '=', memberId)
      .executeTakeFirstOrThrow();
    expect(status.status).toBe('active');
    expect(
      await verifyAuditChain(t.app.deps.db.kysely, auditCheckOf(t.app.deps.config)),
    ).toMatchObject({
      isIntact: true,
      broken: [],
    });
  });

  it('a surrogate pair (a real emoji) is well-formed and accepted, and the chain stays intact', async () => {
    const freeze = await adminApi(t, 'POST', `/api/admin/members/${memberId}/freeze`, {
      token: owner.token,
      body: { reason: 'called in 😀 twice' },
    });
    expect(freeze.statusCode, freeze.body).toBe(200);
    const unfreeze = await adminApi(t, 'POST', `/api/admin/members/${memberId}/unfreeze`, {
      token: owner.token,
      body: { reason: 'checked' },
    });
    expect(unfreeze.statusCode, unfreeze.body).toBe(200);
    expect(
      (await verifyAuditChain(t.app.deps.db.kysely, auditCheckOf(t.app.deps.config))).isIntact,
    ).toBe(true);
  });

  it('a record is hashed over what the database keeps, whatever reaches the audit from inside the server', async () => {
    const db = t.app.deps.db;
    await db.withTransaction((trx) =>
      recordAudit(
        trx,
        { operatorId: owner.id.toUpperCase(), operatorName: 'owner \udc00', ip: null },
        {
          action: 'test.stored',
          targetType: 'member',
          targetId: memberId,
          before: { z: 1, a: { y: 1.0, b: 2 ** 70 }, s: 'a\ud800b', list: [1.5e3] },
          after: { emoji: '😀', nested: { 'k\ud800': true } },
          reason: POISON,
        },
        t.clock.now(),
      ),
    );
    const row = await db.kysely
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'test.stored')
      .executeTakeFirstOrThrow();
    expect(row.reason).toBe('pentest \ufffd reason');
    expect(row.operator_id).toBe(owner.id.toLowerCase());
    expect(await verifyAuditChain(db.kysely, auditCheckOf(t.app.deps.config))).toMatchObject({
      isIntact: true,
      broken: [],
    });
  });
});
