import type { Kysely } from 'kysely';
import type { AppDeps } from '@/app-deps.ts';
import type { Trx } from '@/db/database.ts';
import type { Database } from '@/db/schema.ts';
import type { QueueQuery } from '@/lib/queue-query.ts';
import {
  findNoticeForQueue,
  findQrForQueue,
  findVoucherForQueue,
  listQueueNotices,
  listQueueQr,
  listQueueVouchers,
  recordNoticeDecision,
} from '@/modules/deposit/deposit-queue.repository.ts';
import {
  creditHeldQr,
  creditHeldVoucher,
  lockHeldQr,
  lockHeldVoucher,
  refuseHeldQr,
  refuseHeldVoucher,
} from '@/modules/deposit/held-deposit-decisions.ts';
import {
  confirmLockedNotice,
  lockOpenNotice,
  rejectLockedNotice,
} from '@/modules/deposit/manual-deposit.service.ts';
import type { OperatorContext } from '@/modules/operators/operator-auth.service.ts';
import {
  noticeItemOf,
  qrItemOf,
  voucherItemOf,
} from '@/modules/admin-deposits/admin-deposits.items.ts';
import {
  columnKeys,
  creditedAfter,
  type Decision,
  type DecisionSteps,
  type ItemExtras,
  type ListBody,
  type QueueKit,
} from '@/modules/admin-deposits/queue-kit.ts';

/**
 * The back office's queues of held QR payments, held gift vouchers and manual deposit notices
 * (docs/back-office/money-in.md). Reads go to the deposit module's repository; decisions to its decision functions.
 */
export function createHeldDepositsService({ db }: Pick<AppDeps, 'db'>, kit: QueueKit) {
  /** One held queue: its page, one item, and a credit or refusal of one item decided once. */
  function heldQueue<R extends { id: string; member_id: string }, I, T>(spec: {
    queue: 'qr' | 'vouchers' | 'notices';
    list: (db: Kysely<Database>, q: QueueQuery) => Promise<{ total: number; rows: R[] }>;
    find: (db: Kysely<Database>, id: string) => Promise<R | undefined>;
    toItem: (r: R, x: ItemExtras) => I;
    steps: (id: string, decision: 'credit' | 'refuse') => DecisionSteps<T>;
  }) {
    const get = async (id: string, operatorId: string): Promise<I> =>
      kit.itemOf(spec.queue, await spec.find(db.kysely, id), columnKeys, spec.toItem, operatorId);
    return {
      async list(body: ListBody, operatorId: string) {
        const page = await spec.list(db.kysely, await kit.queryOf(body));
        return kit.pageOf(spec.queue, page, columnKeys, spec.toItem, operatorId);
      },
      get,
      async decide(
        id: string,
        operator: OperatorContext,
        decision: 'credit' | 'refuse',
        reason: string,
      ): Promise<I> {
        await kit.decide(spec.queue, id, operator, reason, spec.steps(id, decision));
        return get(id, operator.operatorId);
      },
    };
  }

  /** A held QR payment's or voucher's decision: refused, or credited by the one deposit credit. */
  function heldSteps<R>(
    targetType: 'qr_payment' | 'voucher',
    item: {
      lock: (trx: Trx, id: string) => Promise<R>;
      before: (r: R) => Record<string, unknown>;
      refuse: (trx: Trx, r: R, d: Decision) => Promise<void>;
      credit: (trx: Trx, r: R, d: Decision) => Promise<{ transferId: string; amountMinor: bigint }>;
      creditedStatus: string;
    },
  ) {
    return (id: string, decision: 'credit' | 'refuse'): DecisionSteps<R> => ({
      targetType,
      lock: (trx) => item.lock(trx, id),
      before: item.before,
      act: async (trx, r, d) => {
        if (decision === 'refuse') {
          await item.refuse(trx, r, d);
          return { action: `${targetType}.refused`, after: { status: 'refused' } };
        }
        const credit = await item.credit(trx, r, d);
        return {
          action: `${targetType}.credited`,
          after: creditedAfter(item.creditedStatus, credit),
        };
      },
    });
  }

  const qr = heldQueue({
    queue: 'qr',
    list: listQueueQr,
    find: findQrForQueue,
    toItem: qrItemOf,
    steps: heldSteps('qr_payment', {
      lock: lockHeldQr,
      before: (r) => ({
        status: r.status,
        holdReason: r.hold_reason,
        memberId: r.member_id,
        amountMinor: Number(r.amount),
        paidAmountMinor: r.paid_amount === null ? null : Number(r.paid_amount),
      }),
      refuse: refuseHeldQr,
      credit: creditHeldQr,
      creditedStatus: 'paid',
    }),
  });

  const vouchers = heldQueue({
    queue: 'vouchers',
    list: listQueueVouchers,
    find: findVoucherForQueue,
    toItem: voucherItemOf,
    steps: heldSteps('voucher', {
      lock: lockHeldVoucher,
      before: (r) => ({
        status: r.status,
        holdReason: r.reason,
        memberId: r.member_id,
        ownerPhone: r.owner_phone,
        amountMinor: r.amount === null ? null : Number(r.amount),
      }),
      refuse: refuseHeldVoucher,
      credit: creditHeldVoucher,
      creditedStatus: 'credited',
    }),
  });

  const notices = heldQueue({
    queue: 'notices',
    list: listQueueNotices,
    find: findNoticeForQueue,
    toItem: noticeItemOf,
    steps: (id, decision) => ({
      targetType: 'deposit_notice',
      lock: (trx) => lockOpenNotice(trx, id),
      before: (n) => ({
        status: n.status,
        memberId: n.memberId,
        amountMinor: Number(n.amountMinor),
      }),
      act: async (trx, n, d) => {
        const settled =
          decision === 'refuse'
            ? await rejectLockedNotice(trx, n, d.decidedBy, d.now)
            : await confirmLockedNotice(trx, n, d.decidedBy, d.now);
        await recordNoticeDecision(trx, n.id, d);
        return {
          action:
            decision === 'refuse' ? 'deposit_notice.rejected' : `deposit_notice.${settled.status}`,
          after: {
            status: settled.status,
            transferId: settled.transferId,
            bankLineId: settled.incomingId,
          },
        };
      },
    }),
  });

  return { qr, vouchers, notices };
}

/** A held queue as the routes call it. */
export type HeldQueue<I> = {
  list: (body: ListBody, operatorId: string) => Promise<{ total: number; rows: I[] }>;
  get: (id: string, operatorId: string) => Promise<I>;
  decide: (
    id: string,
    operator: OperatorContext,
    decision: 'credit' | 'refuse',
    reason: string,
  ) => Promise<I>;
};

export type HeldDepositsService = ReturnType<typeof createHeldDepositsService>;
