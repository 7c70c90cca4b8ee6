import { expect } from 'vitest';
import { withdrawResponseSchema } from '@mekong/contracts/wallet';
import { saveSetting } from '@/modules/settings/settings.repository.ts';
import { depositViaBank, memberIdOf, setWithdrawLimits, withdrawCall } from './bank.ts';
import { signedInMember } from './members.ts';
import { adminApi, reauthenticate, type TestOperator } from './operators.ts';
import type { TestApp } from './test-app.ts';

/** A signed-in member with `fundMinor` in the wallet, deposited through the bank feed. */
export async function fundedMember(t: TestApp, fundMinor: number) {
  const member = await signedInMember(t);
  const memberId = await memberIdOf(t, member.username);
  await depositViaBank(t, member, fundMinor);
  t.clock.advance(1_000);
  return { ...member, memberId };
}

/** A withdrawal of `amountMinor` held for approval (every payout is held: auto-payout limit 0). */
export async function heldWithdrawal(t: TestApp, amountMinor: number, fundMinor = amountMinor) {
  const member = await fundedMember(t, fundMinor);
  await setWithdrawLimits(t, { autoPayoutMaxMinor: 0 });
  const response = await withdrawCall(t, member.token, amountMinor / 100);
  expect(response.statusCode, response.body).toBe(202);
  const { withdrawalId } = withdrawResponseSchema.parse(response.json());
  return { member, withdrawalId };
}

export async function setSecondApprovalAbove(t: TestApp, minor: number): Promise<void> {
  await saveSetting(
    t.app.deps.db.kysely,
    'approvals',
    {
      secondApprovalAboveMinor: minor,
      adjustLimitMinor: { owner: 100_000_00, finance: 10_000_00 },
    },
    t.clock.now(),
  );
}

export function claim(t: TestApp, op: TestOperator, queue: 'withdrawals' | 'payouts', id: string) {
  return adminApi(t, 'POST', `/api/admin/claims/${queue}/${id}`, { token: op.token });
}

/** Claims the item (must succeed) and re-authenticates the operator. */
export async function claimAndReauth(
  t: TestApp,
  op: TestOperator,
  queue: 'withdrawals' | 'payouts',
  id: string,
) {
  const claimed = await claim(t, op, queue, id);
  expect(claimed.statusCode, claimed.body).toBe(200);
  await reauthenticate(t, op);
}

export function decide(
  t: TestApp,
  op: TestOperator,
  path: `${'withdrawals' | 'payouts'}/${string}/${'approve' | 'reject' | 'retry' | 'refund'}`,
  body: Record<string, unknown> = {},
) {
  return adminApi(t, 'POST', `/api/admin/${path}`, { token: op.token, body });
}

export async function auditActions(t: TestApp, targetId: string): Promise<string[]> {
  const rows = await t.app.deps.db.kysely
    .selectFrom('audit_log')
    .select('action')
    .where('target_id', '=', targetId)
    .orderBy('seq')
    .execute();
  return rows.map((r) => r.action);
}
