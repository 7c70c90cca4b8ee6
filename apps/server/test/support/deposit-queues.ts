import { expect } from 'vitest';
import { adminApi, reauthenticate, type TestOperator } from './operators.ts';
import type { TestApp } from './test-app.ts';

/** The back office's money-in queues (docs/back-office/money-in.md), as an operator calls them. */

export type MoneyInQueue = 'qr' | 'vouchers' | 'notices' | 'bank-lines' | 'slips';

export async function claimItem(t: TestApp, op: TestOperator, queue: MoneyInQueue, id: string) {
  const response = await adminApi(t, 'POST', `/api/admin/deposit-claims/${queue}/${id}`, {
    token: op.token,
  });
  expect(response.statusCode, response.body).toBe(200);
}

export function decide(
  t: TestApp,
  op: TestOperator,
  queue: MoneyInQueue,
  id: string,
  verb: 'credit' | 'refuse',
  body: Record<string, unknown>,
) {
  return adminApi(t, 'POST', `/api/admin/deposits/${queue}/${id}/${verb}`, {
    token: op.token,
    body,
  });
}

/** Claims the item, re-authenticates, and makes the decision; expects it to succeed. */
export async function claimAndDecide(
  t: TestApp,
  op: TestOperator,
  queue: MoneyInQueue,
  id: string,
  verb: 'credit' | 'refuse',
  body: Record<string, unknown>,
) {
  await claimItem(t, op, queue, id);
  if (verb === 'credit') await reauthenticate(t, op);
  const response = await decide(t, op, queue, id, verb, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Record<string, unknown>>();
}

export async function listQueue(
  t: TestApp,
  op: TestOperator,
  queue: MoneyInQueue,
  body: Record<string, unknown> = {},
) {
  const response = await adminApi(t, 'POST', `/api/admin/deposits/${queue}`, {
    token: op.token,
    body,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{
    total: number;
    rows: { id: string; claim: unknown; [k: string]: unknown }[];
  }>();
}

/** The audit records of one item, oldest first. */
export async function auditOf(t: TestApp, targetId: string) {
  return t.app.deps.db.kysely
    .selectFrom('audit_log')
    .select(['action', 'target_type', 'before', 'after', 'reason', 'operator_name'])
    .where('target_id', '=', targetId)
    .orderBy('seq')
    .execute();
}
