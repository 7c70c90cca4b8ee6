import type { QueueName } from '@mekong/contracts/admin/claims';
import type { Trx } from '@/db/database.ts';
import { recordAudit } from '@/modules/audit/audit.service.ts';
import { actorOf, type OperatorContext } from '@/modules/operators/operator-auth.service.ts';
import type { WorkClaimsService } from '@/modules/work-claims/work-claims.service.ts';
import { auditView } from '@/modules/withdrawal-review/queue-items.ts';
import type { Withdrawal } from '@/modules/withdrawal/withdrawal.repository.ts';

/**
 * What closes every operator decision on a withdrawal or payout (docs/back-office/money-out.md), in the decision's
 * transaction: its audit record (the withdrawal before, the state after), then the operator's claim ended.
 */
export async function recordDecision(
  trx: Trx,
  claims: WorkClaimsService,
  queue: QueueName,
  operator: OperatorContext,
  decision: {
    action: string;
    before: Withdrawal;
    after: Record<string, unknown>;
    reason: string | null;
    now: Date;
  },
): Promise<void> {
  const id = decision.before.id;
  await recordAudit(
    trx,
    actorOf(operator),
    {
      action: decision.action,
      targetType: 'withdrawal',
      targetId: id,
      before: auditView(decision.before),
      after: decision.after,
      reason: decision.reason,
    },
    decision.now,
  );
  await claims.finish(trx, queue, id);
}
