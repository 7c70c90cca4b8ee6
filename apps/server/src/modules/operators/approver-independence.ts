import type { Kysely } from 'kysely';
import type { Database } from '@/db/schema.ts';
import { AppError } from '@/lib/app-error.ts';
import { operatorsActedOnBy } from '@/modules/operators/operator-account-actions.repository.ts';

/** How long an account the requester created, reset or unlocked may not approve for them. */
export const INDEPENDENCE_MS = 30 * 24 * 3600_000;

/**
 * The one check of every maker-checker decision (docs/back-office/operators.md#independent-approver): the approver is
 * not the requester, nor an account the requester created, reset or unlocked in the last 30 days, nor one such an
 * account did the same to in turn (a chain of accounts made by one person is still one person). Run in the decision's
 * transaction.
 */
export async function assertIndependentApprover(
  trx: Kysely<Database>,
  requesterId: string,
  approverId: string,
  now: Date,
): Promise<void> {
  if (requesterId === approverId) throw new AppError('SELF_APPROVAL');
  const since = new Date(now.getTime() - INDEPENDENCE_MS);
  const reached = new Set([requesterId]);
  let frontier = [requesterId];
  while (frontier.length > 0) {
    const next = (await operatorsActedOnBy(trx, frontier, since)).filter((id) => !reached.has(id));
    if (next.includes(approverId)) throw new AppError('APPROVER_NOT_INDEPENDENT');
    for (const id of next) reached.add(id);
    frontier = next;
  }
}
