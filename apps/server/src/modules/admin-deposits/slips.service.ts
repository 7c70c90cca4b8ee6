import type { SlipItem } from '@mekong/contracts/admin/deposits';
import type { AppDeps } from '@/app-deps.ts';
import { AppError } from '@/lib/app-error.ts';
import { creditLockedSlip, lockOpenSlip, refuseLockedSlip } from '@/modules/slip/slip-decisions.ts';
import {
  findQueueSlip,
  findSlipImageById,
  listQueueSlips,
} from '@/modules/slip/slip.repository.ts';
import { countTypedSlipCredit } from '@/modules/members/adjustment-day-sums.ts';
import { aloneCreditLimit } from '@/modules/members/adjustments.service.ts';
import type { OperatorContext } from '@/modules/operators/operator-auth.service.ts';
import { findSetting } from '@/modules/settings/settings.repository.ts';
import { slipItemOf } from '@/modules/admin-deposits/admin-deposits.items.ts';
import {
  columnKeys,
  creditedAfter,
  type ListBody,
  type QueueKit,
} from '@/modules/admin-deposits/queue-kit.ts';

/**
 * The back office's queue of slips that were not credited (docs/back-office/money-in.md): the image beside the
 * verifier's answer and the reason; credit (the verifier's amount, or one typed within the operator's limit) or refuse.
 */
export function createSlipsQueueService({ db }: Pick<AppDeps, 'db'>, kit: QueueKit) {
  async function get(id: string, operatorId: string): Promise<SlipItem> {
    const slip = await findQueueSlip(db.kysely, id);
    return kit.itemOf('slips', slip, columnKeys, slipItemOf, operatorId);
  }

  kit.knowItems('slips', (id) => findQueueSlip(db.kysely, id));
  const decide = kit.decider('slips', {
    targetType: 'slip',
    lock: lockOpenSlip,
    before: (s) => ({
      status: s.status,
      reason: s.reason,
      memberId: s.member_id,
      verifierAmountMinor: Number(s.amount),
      sendingBank: s.sending_bank,
      transRef: s.trans_ref,
    }),
  });

  return {
    async list(body: ListBody & { reason?: string | undefined }, operatorId: string) {
      const query = { ...(await kit.queryOf(body)), reason: body.reason };
      const page = await listQueueSlips(db.kysely, query);
      return kit.pageOf('slips', page, columnKeys, slipItemOf, operatorId);
    },
    get,
    count: (origin: 'person' | 'system') => kit.openCount(listQueueSlips, origin),

    async image(id: string) {
      const image = await findSlipImageById(db.kysely, id);
      if (!image) throw new AppError('ITEM_NOT_FOUND');
      return image;
    },

    async credit(
      id: string,
      operator: OperatorContext,
      amountMinor: number | undefined,
      reason: string,
    ) {
      let lineMinor = 0n;
      if (amountMinor !== undefined) {
        const approvals = await findSetting(db.kysely, 'approvals');
        if (!approvals || BigInt(amountMinor) > aloneCreditLimit(approvals, operator.role))
          throw new AppError('ADJUSTMENT_LIMIT');
        lineMinor = BigInt(approvals.secondApprovalAboveMinor);
      }
      await decide(id, operator, reason, async (trx, slip, d) => {
        // A typed amount is a manual credit: it counts in the day's solo sums (docs/back-office/money-in.md).
        if (amountMinor !== undefined)
          await countTypedSlipCredit(trx, lineMinor, {
            operator: { id: operator.operatorId, name: operator.username },
            memberId: slip.member_id,
            amountMinor: BigInt(amountMinor),
            now: d.now,
          });
        const credit = await creditLockedSlip(
          trx,
          slip,
          amountMinor === undefined ? null : BigInt(amountMinor),
          d,
        );
        return {
          action: 'slip.credited',
          after: {
            ...creditedAfter('success', credit),
            isAmountTyped: amountMinor !== undefined,
          },
        };
      });
      return get(id, operator.operatorId);
    },

    async refuse(id: string, operator: OperatorContext, reason: string) {
      await decide(id, operator, reason, async (trx, slip, d) => {
        await refuseLockedSlip(trx, slip, d);
        return { action: 'slip.refused', after: { status: 'failed', decision: 'refused' } };
      });
      return get(id, operator.operatorId);
    },
  };
}

export type SlipsQueueService = ReturnType<typeof createSlipsQueueService>;
