import type { SlipItem } from '@mekong/contracts/admin/deposits';
import type { AppDeps } from '@/app-deps.ts';
import { AppError } from '@/lib/app-error.ts';
import { creditLockedSlip, lockOpenSlip, refuseLockedSlip } from '@/modules/slip/slip-decisions.ts';
import {
  findQueueSlip,
  findSlipImageById,
  listQueueSlips,
  type QueueSlip,
} from '@/modules/slip/slip.repository.ts';
import type { OperatorContext } from '@/modules/operators/operator-auth.service.ts';
import { slipItemOf } from '@/modules/admin-deposits/admin-deposits.items.ts';
import type { ListBody, QueueKit } from '@/modules/admin-deposits/queue-kit.ts';

/**
 * The back office's queue of slips that were not credited (docs/back-office/money-in.md): the image beside the
 * verifier's answer and the reason; credit (the verifier's amount or one typed) or refuse.
 */
export function createSlipsQueueService({ db }: Pick<AppDeps, 'db'>, kit: QueueKit) {
  const keys = { id: (r: QueueSlip) => r.id, memberId: (r: QueueSlip) => r.member_id };

  async function get(id: string, operatorId: string): Promise<SlipItem> {
    const slip = await findQueueSlip(db.kysely, id);
    if (!slip) throw new AppError('ITEM_NOT_FOUND');
    const [item] = await kit.itemsOf('slips', [slip], keys, slipItemOf, operatorId);
    if (!item) throw new AppError('ITEM_NOT_FOUND');
    return item;
  }

  const before = (s: QueueSlip) => ({
    status: s.status,
    reason: s.reason,
    memberId: s.member_id,
    verifierAmountMinor: Number(s.amount),
    sendingBank: s.sending_bank,
    transRef: s.trans_ref,
  });

  return {
    async list(body: ListBody & { reason?: string | undefined }, operatorId: string) {
      const { total, rows } = await listQueueSlips(db.kysely, {
        ...(await kit.queryOf(body)),
        reason: body.reason,
      });
      return { total, rows: await kit.itemsOf('slips', rows, keys, slipItemOf, operatorId) };
    },
    get,

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
      await kit.decide('slips', id, operator, reason, {
        targetType: 'slip',
        lock: (trx) => lockOpenSlip(trx, id),
        before,
        act: async (trx, slip, d) => {
          const credit = await creditLockedSlip(
            trx,
            slip,
            amountMinor === undefined ? null : BigInt(amountMinor),
            d,
          );
          return {
            action: 'slip.credited',
            after: {
              status: 'success',
              transferId: credit.transferId,
              creditedMinor: Number(credit.amountMinor),
              isAmountTyped: amountMinor !== undefined,
            },
          };
        },
      });
      return get(id, operator.operatorId);
    },

    async refuse(id: string, operator: OperatorContext, reason: string) {
      await kit.decide('slips', id, operator, reason, {
        targetType: 'slip',
        lock: (trx) => lockOpenSlip(trx, id),
        before,
        act: async (trx, slip, d) => {
          await refuseLockedSlip(trx, slip, d);
          return { action: 'slip.refused', after: { status: 'failed', decision: 'refused' } };
        },
      });
      return get(id, operator.operatorId);
    },
  };
}

export type SlipsQueueService = ReturnType<typeof createSlipsQueueService>;
