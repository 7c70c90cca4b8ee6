import type { PayoutStatus } from '@/adapters/bank/bank-gateway.ts';
import type { AppDeps } from '@/app-deps.ts';
import type { Trx } from '@/db/database.ts';
import { AppError } from '@/lib/app-error.ts';
import type { OperatorContext } from '@/modules/operators/operator-auth.service.ts';
import type { WorkClaimsService } from '@/modules/work-claims/work-claims.service.ts';
import { recordDecision } from '@/modules/withdrawal-review/decision-record.ts';
import { auditView, toPayoutItem } from '@/modules/withdrawal-review/queue-items.ts';
import { payoutStateOf } from '@/modules/withdrawal-review/withdrawal-review.service.ts';
import {
  findQueueRow,
  listPayouts,
  type Paging,
  type QueueFilter,
} from '@/modules/withdrawal-review/withdrawal-review.repository.ts';
import {
  lockWithdrawal,
  markResending,
  markReturned,
} from '@/modules/withdrawal/withdrawal-decisions.ts';
import type { Withdrawal } from '@/modules/withdrawal/withdrawal.repository.ts';
import type { WithdrawalService } from '@/modules/withdrawal/withdrawal.service.ts';

const QUEUE = 'payouts';

/**
 * The payouts queue (docs/back-office/money-out.md#payouts): payouts sent without an answer, or held after their
 * re-sends. Both actions run under the payout's lease (the one the reconciliation job takes), so neither overlaps the
 * job or the other; the bank is asked about the payout's reference before anything is sent or given back, and a
 * payout is only ever sent again under that same reference, which the bank pays at most once.
 */
export function createPayoutReviewService(
  { db, clock }: Pick<AppDeps, 'db' | 'clock'>,
  withdrawals: WithdrawalService,
  claims: WorkClaimsService,
) {
  const { payouts } = withdrawals;
  // A payout is a withdrawal sent to the bank: its item is the withdrawal's row.
  claims.knowItems(QUEUE, (id) => findQueueRow(db.kysely, id));

  /** An item of the queue an operator may act on: unknown and stale, or held. */
  function assertOpen(w: Withdrawal | undefined): Withdrawal {
    if (!w) throw new AppError('ITEM_NOT_FOUND');
    if (w.status === 'pending_approval' && w.payoutAttempts > 0) return w;
    if (w.status !== 'processing') throw new AppError('ITEM_ALREADY_DECIDED');
    const lastTry = w.lastPayoutAt ?? w.decidedAt ?? w.createdAt;
    // Its last bank call may still be under way: neither send it again nor give the money back yet.
    if (lastTry >= payouts.staleBefore()) throw new AppError('PAYOUT_IN_PROGRESS');
    return w;
  }

  /** Under the row lock and the operator's claim; the same payout (no attempt since `seen`) when given. */
  async function lockOpen(trx: Trx, id: string, operator: OperatorContext, seen?: Withdrawal) {
    const w = assertOpen(await lockWithdrawal(trx, id));
    if (seen && (w.status !== seen.status || w.payoutAttempts !== seen.payoutAttempts))
      throw new AppError('ITEM_ALREADY_DECIDED');
    await claims.assertClaimed(trx, QUEUE, id, operator.operatorId);
    return w;
  }

  /** Settles by the bank's definite answer; a held payout goes back to processing first so it can settle. */
  async function settleByBank(
    w: Withdrawal,
    status: PayoutStatus & { kind: 'success' | 'failed' },
  ) {
    if (w.status === 'pending_approval')
      await db.withTransaction(async (trx) => {
        const current = await lockWithdrawal(trx, w.id);
        if (current?.status === 'pending_approval' && current.payoutAttempts === w.payoutAttempts)
          await markResending(trx, current, clock.now());
      });
    return payouts.settle(w.id, status);
  }

  async function leased<T>(id: string, fn: () => Promise<T>): Promise<T> {
    const result = await payouts.withLease(id, fn);
    if (!result.isLeased) throw new AppError('PAYOUT_IN_PROGRESS');
    return result.value;
  }

  return {
    /** How many payouts wait for an operator: unknown and held ones (a refused one has nothing left to decide). */
    async count(): Promise<number> {
      const staleBefore = payouts.staleBefore();
      const totals = await Promise.all(
        (['unknown', 'held'] as const).map(async (state) => {
          const page = await listPayouts(db.kysely, { state, staleBefore }, { page: 1, limit: 1 });
          return page.total;
        }),
      );
      return totals.reduce((sum, n) => sum + n, 0);
    },

    async list(
      filter: QueueFilter & { state?: 'unknown' | 'held' | 'failed' | undefined },
      paging: Paging,
      operator: OperatorContext,
    ) {
      const { rows, total } = await listPayouts(
        db.kysely,
        { ...filter, staleBefore: payouts.staleBefore() },
        paging,
      );
      const claimed = await claims.claimsFor(
        QUEUE,
        rows.map((r) => r.id),
        operator.operatorId,
      );
      return { rows: rows.map((r) => toPayoutItem(r, claimed.get(r.id) ?? null, operator)), total };
    },

    /**
     * Asks the bank about the payout and settles it by a definite answer; one the bank never saw is sent again under
     * its reference. The decision (audited, claim ended) commits before the bank is asked.
     */
    retry: (id: string, operator: OperatorContext, reason: string | null) =>
      leased(id, async () => {
        const w = await db.withTransaction(async (trx) => {
          const before = await lockOpen(trx, id, operator);
          const now = clock.now();
          const after =
            before.status === 'pending_approval' ? await markResending(trx, before, now) : before;
          await recordDecision(trx, claims, QUEUE, operator, {
            action: 'payout.retried',
            before: before,
            after: auditView(after),
            reason,
            now,
          });
          return after;
        });
        const status = await payouts.status(w);
        if (status.kind === 'success' || status.kind === 'failed')
          return payoutStateOf(await payouts.settle(w.id, status));
        if (status.kind === 'not_found') return payoutStateOf(await payouts.send(w));
        return 'processing' as const;
      }),

    /**
     * Gives the money back to the member, only when the bank says it never paid this reference (never saw it, or
     * refused it); a payout the bank paid is settled as paid instead (PAYOUT_ALREADY_PAID), and one it cannot be
     * asked about is left as it is (PAYOUT_STATUS_UNKNOWN).
     */
    refund: (id: string, operator: OperatorContext, reason: string) =>
      leased(id, async () => {
        // Claim and state first, so only the claiming operator makes the bank call.
        const seen = await db.withTransaction((trx) => lockOpen(trx, id, operator));
        const status = await payouts.status(seen);
        if (status.kind === 'unknown') throw new AppError('PAYOUT_STATUS_UNKNOWN');
        if (status.kind === 'success') {
          await settleByBank(seen, status);
          throw new AppError('PAYOUT_ALREADY_PAID');
        }
        await db.withTransaction(async (trx) => {
          const before = await lockOpen(trx, id, operator, seen);
          const now = clock.now();
          const after = await markReturned(trx, before, {
            status: 'failed',
            failureCode: status.kind === 'failed' ? status.code : 'REFUNDED',
            decidedBy: null,
            note: reason,
            now,
          });
          await recordDecision(trx, claims, QUEUE, operator, {
            action: 'payout.refunded',
            before: before,
            after: { ...auditView(after), bankAnswer: status.kind },
            reason,
            now,
          });
        });
      }),
  };
}

export type PayoutReviewService = ReturnType<typeof createPayoutReviewService>;
