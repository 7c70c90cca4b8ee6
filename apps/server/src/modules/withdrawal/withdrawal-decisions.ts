import type { Trx } from '@/db/database.ts';
import { voidTransfer } from '@/modules/ledger/ledger.service.ts';
import {
  findWithdrawal,
  updateWithdrawal,
  type Withdrawal,
} from '@/modules/withdrawal/withdrawal.repository.ts';

/**
 * The back office's decisions on a withdrawal (docs/back-office/money-out.md), each in the caller's transaction with
 * the row locked by lockWithdrawal and its status checked there, so the caller's claim check and audit record commit
 * with it. The payout itself is sent after the commit (the service's payouts.send), never inside a transaction.
 */
export const lockWithdrawal = (trx: Trx, id: string) => findWithdrawal(trx, id, { isLocked: true });

/** Held → processing: approved by `decidedBy`; the caller sends the payout after the commit. */
export async function markApproved(
  trx: Trx,
  w: Withdrawal,
  decision: { decidedBy: string; note: string | null; now: Date },
): Promise<Withdrawal> {
  const changes = {
    status: 'processing' as const,
    decidedBy: decision.decidedBy,
    decidedAt: decision.now,
    decisionNote: decision.note,
  };
  await updateWithdrawal(trx, w.id, changes, decision.now);
  return { ...w, ...changes };
}

/**
 * The money back to the member's wallet (the pending transfer voided) in this transaction: a held withdrawal refused
 * (`rejected`, decided by the operator), or a payout the bank never paid given back (`failed`: who approved it, if
 * anyone, stays recorded, so the refund never counts as an approval of the payout account).
 */
export async function markReturned(
  trx: Trx,
  w: Withdrawal,
  decision: {
    status: 'rejected' | 'failed';
    failureCode: string;
    decidedBy: string | null;
    note: string;
    now: Date;
  },
): Promise<Withdrawal> {
  await voidTransfer(trx, w.transferId, decision.now);
  const changes = {
    status: decision.status,
    failureCode: decision.failureCode,
    decisionNote: decision.note,
    ...(decision.decidedBy === null
      ? {}
      : { decidedBy: decision.decidedBy, decidedAt: decision.now }),
  };
  await updateWithdrawal(trx, w.id, changes, decision.now);
  return { ...w, ...changes };
}

/** A payout held after its last re-send goes back to being paid out (same reference, same transfer). */
export async function markResending(trx: Trx, w: Withdrawal, now: Date): Promise<Withdrawal> {
  await updateWithdrawal(trx, w.id, { status: 'processing' }, now);
  return { ...w, status: 'processing' };
}
