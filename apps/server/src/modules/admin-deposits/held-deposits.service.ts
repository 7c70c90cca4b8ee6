import type { NoticeItem, QrItem, VoucherItem } from '@mekong/contracts/admin/deposits';
import type { AppDeps } from '@/app-deps.ts';
import { AppError } from '@/lib/app-error.ts';
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
import type { ItemExtras, ListBody, QueueKit } from '@/modules/admin-deposits/queue-kit.ts';

/**
 * The back office's queues of held QR payments, held gift vouchers and manual deposit notices
 * (docs/back-office/money-in.md). Reads go to the deposit module's repository; decisions to its decision functions.
 */
export function createHeldDepositsService({ db }: Pick<AppDeps, 'db'>, kit: QueueKit) {
  const rowKeys = {
    id: (r: { id: string }) => r.id,
    memberId: (r: { member_id: string }) => r.member_id,
  };

  async function one<R extends { id: string; member_id: string }, I>(
    queue: 'qr' | 'vouchers' | 'notices',
    row: R | undefined,
    toItem: (r: R, x: ItemExtras) => I,
    operatorId: string,
  ): Promise<I> {
    if (!row) throw new AppError('ITEM_NOT_FOUND');
    const [item] = await kit.itemsOf(queue, [row], rowKeys, toItem, operatorId);
    if (!item) throw new AppError('ITEM_NOT_FOUND');
    return item;
  }

  const qr = {
    async list(body: ListBody, operatorId: string) {
      const { total, rows } = await listQueueQr(db.kysely, await kit.queryOf(body));
      return { total, rows: await kit.itemsOf('qr', rows, rowKeys, qrItemOf, operatorId) };
    },
    get: async (id: string, operatorId: string): Promise<QrItem> =>
      one('qr', await findQrForQueue(db.kysely, id), qrItemOf, operatorId),
    async decide(
      id: string,
      operator: OperatorContext,
      decision: 'credit' | 'refuse',
      reason: string,
    ) {
      await kit.decide('qr', id, operator, reason, {
        targetType: 'qr_payment',
        lock: (trx) => lockHeldQr(trx, id),
        before: (r) => ({
          status: r.status,
          holdReason: r.hold_reason,
          memberId: r.member_id,
          amountMinor: Number(r.amount),
          paidAmountMinor: r.paid_amount === null ? null : Number(r.paid_amount),
        }),
        act: async (trx, r, d) => {
          if (decision === 'refuse') {
            await refuseHeldQr(trx, r, d);
            return { action: 'qr_payment.refused', after: { status: 'refused' } };
          }
          const credit = await creditHeldQr(trx, r, d);
          return {
            action: 'qr_payment.credited',
            after: {
              status: 'paid',
              transferId: credit.transferId,
              creditedMinor: Number(credit.amountMinor),
            },
          };
        },
      });
      return qr.get(id, operator.operatorId);
    },
  };

  const vouchers = {
    async list(body: ListBody, operatorId: string) {
      const { total, rows } = await listQueueVouchers(db.kysely, await kit.queryOf(body));
      return {
        total,
        rows: await kit.itemsOf('vouchers', rows, rowKeys, voucherItemOf, operatorId),
      };
    },
    get: async (id: string, operatorId: string): Promise<VoucherItem> =>
      one('vouchers', await findVoucherForQueue(db.kysely, id), voucherItemOf, operatorId),
    async decide(
      id: string,
      operator: OperatorContext,
      decision: 'credit' | 'refuse',
      reason: string,
    ) {
      await kit.decide('vouchers', id, operator, reason, {
        targetType: 'voucher',
        lock: (trx) => lockHeldVoucher(trx, id),
        before: (r) => ({
          status: r.status,
          holdReason: r.reason,
          memberId: r.member_id,
          ownerPhone: r.owner_phone,
          amountMinor: r.amount === null ? null : Number(r.amount),
        }),
        act: async (trx, r, d) => {
          if (decision === 'refuse') {
            await refuseHeldVoucher(trx, r, d);
            return { action: 'voucher.refused', after: { status: 'refused' } };
          }
          const credit = await creditHeldVoucher(trx, r, d);
          return {
            action: 'voucher.credited',
            after: {
              status: 'credited',
              transferId: credit.transferId,
              creditedMinor: Number(credit.amountMinor),
            },
          };
        },
      });
      return vouchers.get(id, operator.operatorId);
    },
  };

  const notices = {
    async list(body: ListBody, operatorId: string) {
      const { total, rows } = await listQueueNotices(db.kysely, await kit.queryOf(body));
      return { total, rows: await kit.itemsOf('notices', rows, rowKeys, noticeItemOf, operatorId) };
    },
    get: async (id: string, operatorId: string): Promise<NoticeItem> =>
      one('notices', await findNoticeForQueue(db.kysely, id), noticeItemOf, operatorId),
    async decide(
      id: string,
      operator: OperatorContext,
      decision: 'credit' | 'refuse',
      reason: string,
    ) {
      await kit.decide('notices', id, operator, reason, {
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
              decision === 'refuse'
                ? 'deposit_notice.rejected'
                : `deposit_notice.${settled.status}`,
            after: {
              status: settled.status,
              transferId: settled.transferId,
              bankLineId: settled.incomingId,
            },
          };
        },
      });
      return notices.get(id, operator.operatorId);
    },
  };

  return { qr, vouchers, notices };
}

export type HeldDepositsService = ReturnType<typeof createHeldDepositsService>;
