import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberIdOf } from './support/bank.ts';
import { signedInMember } from './support/members.ts';
import { adminApi, signedInOperator, type TestOperator } from './support/operators.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
const operators = {} as Record<
  'owner' | 'finance' | 'support' | 'marketing' | 'auditor',
  TestOperator
>;
let member: Awaited<ReturnType<typeof signedInMember>>;
let memberId: string;
let name: string;
beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['owner', 'finance', 'support', 'marketing', 'auditor'] as const)
    operators[role] = await signedInOperator(t, role);
  name = `Bulk ${randomUUID().slice(0, 8)}`;
  member = await signedInMember(t, { name, bankCode: 'KBANK', bankAccountName: name });
  memberId = await memberIdOf(t, member.username);
});
afterAll(async () => {
  await t?.close();
});

const search = (operator: TestOperator, body: Record<string, unknown>) =>
  adminApi(t, 'POST', '/api/admin/members/search', { token: operator.token, body });

const searchAudits = (operatorId: string) =>
  t.app.deps.db.kysely
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', 'members.searched')
    .where('operator_id', '=', operatorId)
    .orderBy('seq')
    .execute();

describe('member search cannot list the member base (issue 27 item 9)', () => {
  it.each(['a', 'ab', ' 0 ', '%%'])(
    'a query of %j is too short: MEMBER_SEARCH_TOO_SHORT',
    async (query) => {
      const response = await search(operators.marketing, { query });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'MEMBER_SEARCH_TOO_SHORT' });
    },
  );

  it('an exact id, phone or public id still finds the member', async () => {
    for (const query of [memberId, member.username, member.publicId]) {
      const response = await search(operators.support, { query });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().rows.map((r: { id: string }) => r.id)).toEqual([memberId]);
    }
  });

  it('bank account numbers are masked for roles without money duties', async () => {
    const last4 = member.bankAccountNo.slice(-4);
    for (const role of ['support', 'marketing', 'auditor'] as const) {
      const found = await search(operators[role], { query: member.username });
      const [row] = found.json().rows;
      expect(row.bankAccountNo, role).toBe(
        `${'•'.repeat(member.bankAccountNo.length - 4)}${last4}`,
      );
      const detail = await adminApi(t, 'GET', `/api/admin/members/${memberId}`, {
        token: operators[role].token,
      });
      expect(detail.json().member.bankAccountNo, role).toBe(row.bankAccountNo);
    }
    for (const role of ['owner', 'finance'] as const) {
      const found = await search(operators[role], { query: member.username });
      expect(found.json().rows[0].bankAccountNo, role).toBe(member.bankAccountNo);
      const detail = await adminApi(t, 'GET', `/api/admin/members/${memberId}`, {
        token: operators[role].token,
      });
      expect(detail.json().member.bankAccountNo, role).toBe(member.bankAccountNo);
    }
  });

  it('every search is audited as a bulk read: the query and the count, not the data', async () => {
    const auditor = operators.auditor;
    const before = (await searchAudits(auditor.id)).length;
    const found = await search(auditor, { query: name, field: 'name' });
    expect(found.statusCode, found.body).toBe(200);
    const nothing = await search(auditor, { query: 'zzzz-nobody', field: 'name' });
    expect(nothing.json().total).toBe(0);
    const records = (await searchAudits(auditor.id)).slice(before);
    expect(records).toHaveLength(2);
    expect(records[0]).toMatchObject({
      action: 'members.searched',
      target_type: 'member',
      target_id: null,
      after: { query: name, field: 'name', page: 1, total: 1, shown: 1 },
    });
    expect(JSON.stringify(records[0])).not.toContain(member.username);
    expect(records[1]?.after).toMatchObject({ query: 'zzzz-nobody', total: 0, shown: 0 });
  });
});
