import { ledgerCurrency } from '@mekong/contracts/constants';
import type { Adjustment } from '@mekong/contracts/admin/members';
import type { Role } from '@mekong/contracts/admin/admin-contract';
import type { AppDeps } from '@/app-deps.ts';
import type { Trx } from '@/db/database.ts';
import { pageWindow } from '@/db/paged.ts';
import { AppError } from '@/lib/app-error.ts';
import { openItemOrThrow } from '@/lib/open-item.ts';
import { listMemberLabels } from '@/modules/account/member-admin.repository.ts';
import { findMemberCurrency } from '@/modules/account/member.repository.ts';
import { recordAudit } from '@/modules/audit/audit.service.ts';
import { countSoloMove } from '@/modules/members/adjustment-day-sums.ts';
import { readMemberBalances } from '@/modules/ledger/ledger.repository.ts';
import { createTransfer, getMemberBalances } from '@/modules/ledger/ledger.service.ts';
import {
  findAdjustment,
  insertAdjustment,
  listAdjustments,
  markPosted,
  markRejected,
  type AdjustmentRow,
} from '@/modules/members/adjustments.repository.ts';
import { actorOf, type OperatorContext } from '@/modules/operators/operator-auth.service.ts';
import { findSetting } from '@/modules/settings/settings.repository.ts';
import type { SettingValue } from '@/modules/settings/settings.schema.ts';
import { assertIndependentApprover } from '@/modules/operators/index.ts';

type Page = { page: number; limit: number };
export type AdjustmentRequest = {
  requestId: string;
  direction: 'credit' | 'debit';
  amountMinor: string;
  reason: string;
};

/** What a role may adjust in one request; a role the setting does not name may adjust nothing. */
function limitOf(approvals: SettingValue<'approvals'>, role: Role): bigint {
  const limits: Partial<Record<Role, number>> = approvals.adjustLimitMinor;
  return BigInt(limits[role] ?? 0);
}

/**
 * The most an operator of `role` may credit alone with an amount of its own typing (a slip nobody could read): its
 * adjustment limit, and never above the second-approval line (docs/back-office/money-in.md#typed-amounts).
 */
export function aloneCreditLimit(approvals: SettingValue<'approvals'>, role: Role): bigint {
  const limit = limitOf(approvals, role);
  const line = BigInt(approvals.secondApprovalAboveMinor);
  return limit < line ? limit : line;
}

/** The request, locked, while it waits for a second operator. */
async function lockWaiting(trx: Trx, id: string) {
  return openItemOrThrow(
    await findAdjustment(trx, id, { isLocked: true }),
    (adjustment) => adjustment.status === 'awaiting_approval',
  );
}

/**
 * Manual credits and debits of a member's cash (docs/back-office/members.md#adjustments): through the ledger, from and
 * to the house `adjustment` account, never below zero, within the operator's role limit, and above the second-approval
 * line (for one request, or for the day's solo sums of its operator or member) only once a different operator
 * approves. The request id the back office sends makes a repeat harmless; the row lock and the status make parallel
 * approvals post once, and the transfer's external reference (the request id) is unique besides.
 */
export function createAdjustmentsService({ db, clock }: Pick<AppDeps, 'db' | 'clock'>) {
  const approvalsNow = async () => {
    const approvals = await findSetting(db.kysely, 'approvals');
    if (!approvals) throw new Error('the approvals setting has no default');
    return approvals;
  };

  async function present(rows: AdjustmentRow[], viewer: OperatorContext): Promise<Adjustment[]> {
    const labels = await listMemberLabels(
      db.kysely,
      rows.map((r) => r.memberId),
    );
    return rows.map((r) => ({
      id: r.id,
      memberId: r.memberId,
      memberPublicId: labels.get(r.memberId)?.publicId ?? '',
      memberName: labels.get(r.memberId)?.name ?? '',
      direction: r.direction,
      amountMinor: r.amountMinor.toString(),
      currency: r.currency,
      reason: r.reason,
      status: r.status,
      requestedBy: r.requestedByName,
      requestedAt: r.requestedAt.toISOString(),
      decidedBy: r.decidedByName,
      decidedAt: r.decidedAt?.toISOString() ?? null,
      decisionReason: r.decisionReason,
      transferId: r.transferId,
      balanceBeforeMinor: r.balanceBeforeMinor?.toString() ?? null,
      balanceAfterMinor: r.balanceAfterMinor?.toString() ?? null,
      isMine: r.requestedBy === viewer.operatorId,
    }));
  }
  const presentOne = async (row: AdjustmentRow, viewer: OperatorContext) =>
    (await present([row], viewer))[0] as Adjustment;

  /** Moves the money and records it, in the caller's transaction (the adjustment's row is locked or new). */
  async function post(trx: Trx, adjustment: AdjustmentRow, operator: OperatorContext) {
    const now = clock.now();
    const member = { memberId: adjustment.memberId, kind: 'cash' as const };
    const house = { house: 'adjustment' as const };
    const isCredit = adjustment.direction === 'credit';
    let transferId: string;
    try {
      const { transfer } = await createTransfer(trx, {
        memberId: adjustment.memberId,
        debit: isCredit ? house : member,
        credit: isCredit ? member : house,
        amountMinor: adjustment.amountMinor,
        currency: adjustment.currency,
        kind: 'adjustment',
        status: 'posted',
        externalRef: adjustment.id,
        metadata: { adjustmentId: adjustment.id },
        now,
      });
      transferId = transfer.id;
    } catch (error) {
      // The ledger refuses a debit above the available cash: the balance never goes below zero.
      if (error instanceof AppError && error.code === 'MONEY_NOT_ENOUGH')
        throw new AppError('ADJUSTMENT_BELOW_ZERO');
      throw error;
    }
    // Our update holds the cash row's lock, so the balance read now is exactly the one after this transfer.
    const afterMinor = (await readMemberBalances(trx, adjustment.memberId, 'posted')).cash;
    const beforeMinor = isCredit
      ? afterMinor - adjustment.amountMinor
      : afterMinor + adjustment.amountMinor;
    const decidedBy = { id: operator.operatorId, name: operator.username };
    await markPosted(trx, adjustment.id, { decidedBy, now, transferId, beforeMinor, afterMinor });
    await recordAudit(
      trx,
      actorOf(operator),
      {
        action: 'member.adjusted',
        targetType: 'member',
        targetId: adjustment.memberId,
        before: { cashMinor: beforeMinor.toString() },
        after: {
          cashMinor: afterMinor.toString(),
          adjustmentId: adjustment.id,
          direction: adjustment.direction,
          amountMinor: adjustment.amountMinor.toString(),
          requestedBy: adjustment.requestedByName,
          transferId,
        },
        reason: adjustment.reason,
      },
      now,
    );
  }

  const reread = async (trx: Trx, id: string) => {
    const row = await findAdjustment(trx, id);
    if (!row) throw new Error(`adjustment ${id} vanished`);
    return row;
  };

  return {
    async request(
      operator: OperatorContext,
      memberId: string,
      input: AdjustmentRequest,
    ): Promise<Adjustment> {
      const amountMinor = BigInt(input.amountMinor);
      const approvals = await approvalsNow();
      if (amountMinor > limitOf(approvals, operator.role)) throw new AppError('ADJUSTMENT_LIMIT');
      const member = await findMemberCurrency(db.kysely, memberId);
      if (!member) throw new AppError('ITEM_NOT_FOUND');
      const currency = ledgerCurrency(member.currency);
      const line = BigInt(approvals.secondApprovalAboveMinor);
      const needsSecond = amountMinor > line;

      const row = await db.withTransaction(async (trx) => {
        const now = clock.now();
        const isNew = await insertAdjustment(trx, {
          id: input.requestId,
          memberId,
          direction: input.direction,
          amountMinor,
          currency,
          reason: input.reason,
          requestedBy: { id: operator.operatorId, name: operator.username },
          now,
        });
        const adjustment = await findAdjustment(trx, input.requestId, { isLocked: true });
        if (!adjustment) throw new Error(`adjustment ${input.requestId} vanished`);
        if (!isNew) {
          const isSame =
            adjustment.memberId === memberId &&
            adjustment.direction === input.direction &&
            adjustment.amountMinor === amountMinor &&
            adjustment.requestedBy === operator.operatorId;
          if (!isSame) throw new AppError('IDEMPOTENCY_KEY_REUSED');
          return adjustment;
        }
        // One operator alone moves at most the line a day, and a member receives at most that alone a day.
        const heldBy = needsSecond
          ? 'amount'
          : await countSoloMove(trx, line, {
              operator: { id: operator.operatorId, name: operator.username },
              memberId,
              currency,
              amountMinor,
              now,
            });
        if (heldBy === 'counted') {
          await post(trx, adjustment, operator);
          return reread(trx, adjustment.id);
        }
        // A debit the cash cannot cover now is refused at once rather than left for the approver to discover.
        if (input.direction === 'debit') {
          const available = (await getMemberBalances(trx, memberId)).cash;
          if (available < amountMinor) throw new AppError('ADJUSTMENT_BELOW_ZERO');
        }
        await recordAudit(
          trx,
          actorOf(operator),
          {
            action: 'member.adjustment_requested',
            targetType: 'member',
            targetId: memberId,
            after: {
              adjustmentId: adjustment.id,
              direction: input.direction,
              amountMinor: amountMinor.toString(),
              status: 'awaiting_approval',
              heldBy,
            },
            reason: input.reason,
          },
          now,
        );
        return adjustment;
      });
      return presentOne(row, operator);
    },

    /** A second operator approves: posted once, whatever the number of clicks or approvers. */
    async approve(operator: OperatorContext, id: string): Promise<Adjustment> {
      const approvals = await approvalsNow();
      const row = await db.withTransaction(async (trx) => {
        const adjustment = await lockWaiting(trx, id);
        if (adjustment.requestedBy === operator.operatorId) throw new AppError('SELF_APPROVAL');
        await assertIndependentApprover(
          trx,
          adjustment.requestedBy,
          operator.operatorId,
          clock.now(),
        );
        if (adjustment.amountMinor > limitOf(approvals, operator.role))
          throw new AppError('ADJUSTMENT_LIMIT');
        await post(trx, adjustment, operator);
        return reread(trx, id);
      });
      return presentOne(row, operator);
    },

    /** Any operator who may adjust turns a waiting request down (its maker too: withdrawing it). */
    async reject(operator: OperatorContext, id: string, reason: string): Promise<Adjustment> {
      const row = await db.withTransaction(async (trx) => {
        const adjustment = await lockWaiting(trx, id);
        const now = clock.now();
        await markRejected(trx, id, {
          decidedBy: { id: operator.operatorId, name: operator.username },
          now,
          reason,
        });
        await recordAudit(
          trx,
          actorOf(operator),
          {
            action: 'member.adjustment_rejected',
            targetType: 'member',
            targetId: adjustment.memberId,
            before: { adjustmentId: id, status: adjustment.status },
            after: { adjustmentId: id, status: 'rejected' },
            reason,
          },
          now,
        );
        return reread(trx, id);
      });
      return presentOne(row, operator);
    },

    async listOfMember(operator: OperatorContext, memberId: string, page: Page) {
      const { total, rows } = await listAdjustments(db.kysely, { memberId }, pageWindow(page));
      return { total, rows: await present(rows, operator) };
    },

    async listWaiting(operator: OperatorContext, page: Page) {
      const { total, rows } = await listAdjustments(
        db.kysely,
        { status: 'awaiting_approval' },
        pageWindow(page),
      );
      return { total, rows: await present(rows, operator) };
    },
  };
}

export type AdjustmentsService = ReturnType<typeof createAdjustmentsService>;
