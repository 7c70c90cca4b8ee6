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
  type DecisionAct,
  type DecisionTarget,
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
    target: DecisionTarget<T>;
    act: (decision: 'credit' | 'refuse') => DecisionAct<T>;
  }) {
    const decideOn = kit.decider(spec.queue, spec.target);
    kit.knowItems(spec.queue, (id) => spec.find(db.kysely, id));
    const get = async (id: string, operatorId: string): Promise<I> =>
      kit.itemOf(spec.queue, await spec.find(db.kysely, id), columnKeys, spec.toItem, operatorId);
    return {
      async list(body: ListBody, operatorId: string) {
        const page = await spec.list(db.kysely, await kit.queryOf(body));
        return kit.pageOf(spec.queue, page, columnKeys, spec.toItem, operatorId);
      },
      get,
      count: () => kit.openCount(spec.list),
      async decide(
        id: string,
        operator: OperatorContext,
        decision: 'credit' | 'refuse',
        reason: string,
      ): Promise<I> {
        await decideOn(id, operator, reason, spec.act(decision));
        return get(id, operator.operatorId);
      },
    };
  }

  /** A held QR payment's or voucher's decision: refused, or credited by the one deposit credit. */
  function heldDecisions<R>(
    target: DecisionTarget<R> & { targetType: 'qr_payment' | 'voucher' },
    item: {
      refuse: (trx: Trx, r: R, d: Decision) => Promise<void>;
      credit: (trx: Trx, r: R, d: Decision) => Promise<{ transferId: string; amountMinor: bigint }>;
      creditedStatus: string;
    },
  ) {
    const act =
      (decision: 'credit' | 'refuse'): DecisionAct<R> =>
      async (trx, r, d) => {
        if (decision === 'refuse') {
          await item.refuse(trx, r, d);
          return { action: `${target.targetType}.refused`, after: { status: 'refused' } };
        }
        const credit = await item.credit(trx, r, d);
        return {
          action: `${target.targetType}.credited`,
          after: creditedAfter(item.creditedStatus, credit),
        };
      };
    return { target, act };
  }

  const qr = heldQueue({
    queue: 'qr',
    list: listQueueQr,
    find: findQrForQueue,
    toItem: qrItemOf,
    ...heldDecisions(
      {
        targetType: 'qr_payment',
        lock: lockHeldQr,
        before: (r) => ({
          status: r.status,
          holdReason: r.hold_reason,
          memberId: r.member_id,
          amountMinor: Number(r.amount),
          paidAmountMinor: r.paid_amount === null ? null : Number(r.paid_amount),
        }),
      },
      { refuse: refuseHeldQr, credit: creditHeldQr, creditedStatus: 'paid' },
    ),
  });

  const vouchers = heldQueue({
    queue: 'vouchers',
    list: listQueueVouchers,
    find: findVoucherForQueue,
    toItem: voucherItemOf,
    ...heldDecisions(
      {
        targetType: 'voucher',
        lock: lockHeldVoucher,
        before: (r) => ({
          status: r.status,
          holdReason: r.reason,
          memberId: r.member_id,
          ownerPhone: r.owner_phone,
          amountMinor: r.amount === null ? null : Number(r.amount),
        }),
      },
      { refuse: refuseHeldVoucher, credit: creditHeldVoucher, creditedStatus: 'credited' },
    ),
  });

  const notices = heldQueue({
    queue: 'notices',
    list: listQueueNotices,
    find: findNoticeForQueue,
    toItem: noticeItemOf,
    target: {
      targetType: 'deposit_notice',
      lock: lockOpenNotice,
      before: (n) => ({
        status: n.status,
        memberId: n.memberId,
        amountMinor: Number(n.amountMinor),
      }),
    },
    act: (decision) => async (trx, n, d) => {
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
