import type { WithdrawalRisk } from '@mekong/contracts/admin/queues';
import type { AppDeps } from '@/app-deps.ts';
import {
  findLinkedMembers,
  findMemberSince,
} from '@/modules/account/linked-members.repository.ts';
import { stakesSince } from '@/modules/games/game-bets.service.ts';
import { sumPostedDepositsSince } from '@/modules/ledger/ledger.repository.ts';
import { AppError } from '@/lib/app-error.ts';
import { openItemOrThrow } from '@/lib/open-item.ts';
import { getMemberBalances } from '@/modules/ledger/ledger.service.ts';
import type { OperatorContext } from '@/modules/operators/operator-auth.service.ts';
import { findSetting } from '@/modules/settings/settings.repository.ts';
import type { WorkClaimsService } from '@/modules/work-claims/work-claims.service.ts';
import { recordDecision } from '@/modules/withdrawal-review/decision-record.ts';
import { auditView, toHeldWithdrawal } from '@/modules/withdrawal-review/queue-items.ts';
import {
  confirmApproval,
  findApproval,
  findQueueRow,
  insertApproval,
  listHeldWithdrawals,
  listRecentWithdrawals,
  type Paging,
  type QueueFilter,
} from '@/modules/withdrawal-review/withdrawal-review.repository.ts';
import {
  lockWithdrawal,
  markApproved,
  markReturned,
} from '@/modules/withdrawal/withdrawal-decisions.ts';
import type { Withdrawal } from '@/modules/withdrawal/withdrawal.repository.ts';
import type { WithdrawalService } from '@/modules/withdrawal/withdrawal.service.ts';
import type { Trx } from '@/db/database.ts';
import { assertIndependentApprover } from '@/modules/operators/index.ts';

export type ApprovalState = 'awaiting_second_approval' | 'paid' | 'processing' | 'failed';

const QUEUE = 'withdrawals';
const EVER = new Date(0);
const DAY_MS = 86_400_000;
/** How many linked members the risk signals name (the total is always given). */
const LINKED_SHOWN = 10;

export const payoutStateOf = (w: Withdrawal): 'paid' | 'processing' | 'failed' =>
  w.status === 'succeeded' ? 'paid' : w.status === 'failed' ? 'failed' : 'processing';

/**
 * The withdrawals queue of the back office (docs/back-office/money-out.md): held withdrawals listed with their claims,
 * approved (maker-checker above approvals.secondApprovalAboveMinor) or rejected. Each decision locks the row, checks
 * its status and the operator's claim, writes the audit record and ends the claim in one transaction; the payout is
 * sent after it commits, through the withdrawal service's own payout step.
 */
export function createWithdrawalReviewService(
  { db, clock }: Pick<AppDeps, 'db' | 'clock'>,
  withdrawals: WithdrawalService,
  claims: WorkClaimsService,
) {
  claims.knowItems(QUEUE, (id) => findQueueRow(db.kysely, id));

  async function limits() {
    const [approvals, withdrawLimits] = await Promise.all([
      findSetting(db.kysely, 'approvals'),
      findSetting(db.kysely, 'withdrawLimits'),
    ]);
    if (!approvals || !withdrawLimits) throw new AppError('NO_DATA');
    return {
      autoPayoutMaxMinor: withdrawLimits.autoPayoutMaxMinor,
      secondApprovalAboveMinor: approvals.secondApprovalAboveMinor,
    };
  }

  /** Under the row lock: a withdrawal still held and never sent, claimed by this operator. */
  async function lockHeld(trx: Trx, id: string, operator: OperatorContext) {
    const w = openItemOrThrow(
      await lockWithdrawal(trx, id),
      (held) => held.status === 'pending_approval' && held.payoutAttempts === 0,
    );
    await claims.assertClaimed(trx, QUEUE, id, operator.operatorId);
    return w;
  }

  return {
    async list(
      filter: QueueFilter & {
        reason?: 'over_limit' | 'account_changed' | undefined;
        isAwaitingSecond?: boolean | undefined;
      },
      paging: Paging,
      operator: OperatorContext,
    ) {
      const limit = await limits();
      const { rows, total } = await listHeldWithdrawals(
        db.kysely,
        { ...filter, autoPayoutMaxMinor: limit.autoPayoutMaxMinor },
        paging,
      );
      const claimed = await claims.claimsFor(
        QUEUE,
        rows.map((r) => r.id),
        operator.operatorId,
      );
      return {
        rows: rows.map((r) => toHeldWithdrawal(r, claimed.get(r.id) ?? null, limit, operator)),
        total,
      };
    },

    /** How many withdrawals wait for approval (the queue's total with no filter). */
    async count(): Promise<number> {
      const page = await listHeldWithdrawals(
        db.kysely,
        { autoPayoutMaxMinor: 0 },
        { page: 1, limit: 1 },
      );
      return page.total;
    },

    /**
     * The risk signals of one withdrawal, shown beside its approve button (docs/back-office/triage.md): how old the
     * member's account is, all they deposited against all they staked, and the members linked to them.
     */
    async risk(id: string): Promise<WithdrawalRisk> {
      const row = await findQueueRow(db.kysely, id);
      if (!row) throw new AppError('ITEM_NOT_FOUND');
      const memberId = row.member_id;
      const [since, deposits, turnover, linked] = await Promise.all([
        findMemberSince(db.kysely, memberId),
        sumPostedDepositsSince(db.kysely, memberId, EVER),
        stakesSince(db.kysely, memberId, EVER),
        findLinkedMembers(db.kysely, memberId, LINKED_SHOWN),
      ]);
      if (!since) throw new AppError('ITEM_NOT_FOUND');
      return {
        memberId,
        memberSince: since.toISOString(),
        accountAgeDays: Math.max(0, Math.floor((clock.now().getTime() - since.getTime()) / DAY_MS)),
        depositsMinor: Number(deposits),
        turnoverMinor: Number(turnover),
        linked: linked.members,
        linkedTotal: linked.total,
      };
    },

    async detail(id: string, operator: OperatorContext) {
      const row = await findQueueRow(db.kysely, id);
      if (!row) throw new AppError('ITEM_NOT_FOUND');
      const [limit, claimed, balances, recent] = await Promise.all([
        limits(),
        claims.claimsFor(QUEUE, [id], operator.operatorId),
        getMemberBalances(db.kysely, row.member_id),
        listRecentWithdrawals(db.kysely, row.member_id, row.created_at, 5),
      ]);
      return {
        item: toHeldWithdrawal(row, claimed.get(id) ?? null, limit, operator),
        cashMinor: Number(balances.cash),
        bankChangedAt: row.bank_changed_at?.toISOString() ?? null,
        decisionNote: row.decision_note,
        recent: recent.map((r) => ({
          id: r.id,
          amountMinor: Number(r.amount),
          status: r.status,
          createdAt: r.created_at.toISOString(),
        })),
      };
    },

    /**
     * Approves a held withdrawal. Above the second-approval limit the first approval is only recorded (the claim
     * ends, so a different operator can claim it); a different operator's approval then pays it out.
     */
    async approve(
      id: string,
      operator: OperatorContext,
      reason: string | null,
    ): Promise<ApprovalState> {
      const { secondApprovalAboveMinor } = await limits();
      const decided = await db.withTransaction(async (trx) => {
        const w = await lockHeld(trx, id, operator);
        const now = clock.now();
        if (w.amountMinor > BigInt(secondApprovalAboveMinor)) {
          const request = await findApproval(trx, id);
          if (!request) {
            await insertApproval(trx, {
              withdrawalId: id,
              operatorId: operator.operatorId,
              operatorName: operator.username,
              reason,
              now,
            });
            await recordDecision(trx, claims, QUEUE, operator, {
              action: 'withdrawal.approval_requested',
              before: w,
              after: { ...auditView(w), approvalRequestedBy: operator.username },
              reason,
              now,
            });
            return null;
          }
          if (request.requested_by === operator.operatorId) throw new AppError('SELF_APPROVAL');
          await assertIndependentApprover(trx, request.requested_by, operator.operatorId, now);
          await confirmApproval(trx, {
            withdrawalId: id,
            operatorId: operator.operatorId,
            operatorName: operator.username,
            now,
          });
        }
        const approved = await markApproved(trx, w, {
          decidedBy: operator.username,
          note: reason,
          now,
        });
        await recordDecision(trx, claims, QUEUE, operator, {
          action: 'withdrawal.approved',
          before: w,
          after: auditView(approved),
          reason,
          now,
        });
        return approved;
      });
      if (decided === null) return 'awaiting_second_approval';
      return payoutStateOf(await withdrawals.payouts.send(decided));
    },

    /** Refuses a held withdrawal: the money back in the member's wallet in the decision's transaction. */
    async reject(id: string, operator: OperatorContext, reason: string): Promise<void> {
      await db.withTransaction(async (trx) => {
        const w = await lockHeld(trx, id, operator);
        const now = clock.now();
        const rejected = await markReturned(trx, w, {
          status: 'rejected',
          failureCode: 'REJECTED',
          decidedBy: operator.username,
          note: reason,
          now,
        });
        await recordDecision(trx, claims, QUEUE, operator, {
          action: 'withdrawal.rejected',
          before: w,
          after: auditView(rejected),
          reason,
          now,
        });
      });
    },
  };
}

export type WithdrawalReviewService = ReturnType<typeof createWithdrawalReviewService>;
