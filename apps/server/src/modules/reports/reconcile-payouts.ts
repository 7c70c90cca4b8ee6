import type { ReconciliationReport } from '@mekong/contracts/admin/reports';
import type { PayoutStatus } from '@/adapters/bank/bank-gateway.ts';
import type { AppDeps } from '@/app-deps.ts';
import type { AccountNoView } from '@/modules/members/account-mask.ts';
import { forEachPooled } from '@/lib/pooled.ts';
import {
  findTransferFacts,
  type TransferFacts,
} from '@/modules/ledger/ledger-report.repository.ts';
import type { FoundDifference } from '@/modules/reports/reconciliation.ts';
import {
  listSentWithdrawals,
  type Withdrawal,
} from '@/modules/withdrawal/withdrawal.repository.ts';

/** Bank status calls under way at once. */
const WIDTH = 8;

/** What the ledger's state of a payout says the bank must hold. */
function expectationOf(w: Withdrawal, t: TransferFacts): FoundDifference | 'in_flight' | null {
  const base = {
    section: 'payouts' as const,
    currency: w.currency,
    memberId: w.memberId,
    subject: `withdrawal ${w.id}`,
    reference: w.transferId,
  };
  const isConsistent =
    (t.status === 'posted' && w.status === 'succeeded') ||
    (t.status === 'voided' && w.status === 'failed') ||
    (t.status === 'pending' && w.status === 'processing');
  if (!isConsistent)
    return {
      ...base,
      kind: 'withdrawal_status_mismatch',
      expectedMinor: t.amountMinor.toString(),
      foundMinor: null,
      detail: `ledger ${t.status}, withdrawal ${w.status}`,
    };
  return t.status === 'pending' ? 'in_flight' : null;
}

/** The difference between the ledger's settled payout and the bank's record of its reference, if any. */
function compare(
  w: Withdrawal,
  t: TransferFacts,
  bank: PayoutStatus,
  accountNo: AccountNoView,
): FoundDifference | null {
  const base = {
    section: 'payouts' as const,
    currency: w.currency,
    memberId: w.memberId,
    subject: `${w.bankCode} ${accountNo(w.accountNo)}`,
    reference: w.transferId,
  };
  const amount = t.amountMinor.toString();
  if (t.status === 'posted') {
    if (bank.kind === 'not_found')
      return {
        ...base,
        kind: 'payout_missing',
        expectedMinor: amount,
        foundMinor: null,
        detail: null,
      };
    if (bank.kind === 'failed')
      return {
        ...base,
        kind: 'payout_failed_at_bank',
        expectedMinor: amount,
        foundMinor: '0',
        detail: bank.code,
      };
    if (
      bank.kind === 'success' &&
      bank.amountMinor !== undefined &&
      bank.amountMinor !== t.amountMinor
    )
      return {
        ...base,
        kind: 'payout_amount_mismatch',
        expectedMinor: amount,
        foundMinor: bank.amountMinor.toString(),
        detail: null,
      };
    return null;
  }
  // Voided in the ledger (the money went back to the member): the bank must not have paid it.
  if (bank.kind === 'success')
    return {
      ...base,
      kind: 'payout_paid_but_returned',
      expectedMinor: '0',
      foundMinor: (bank.amountMinor ?? t.amountMinor).toString(),
      detail: null,
    };
  return null;
}

/**
 * The ledger's payouts against the bank's records, one page of withdrawals requested in the range that went to the
 * bank: a paid one must be at the bank with its amount, a returned one must not have been paid. The bank is asked
 * by our reference (the ledger transfer id); when it cannot be asked it is reported unreachable and asked no more.
 */
export async function reconcilePayouts(
  deps: Pick<AppDeps, 'db' | 'bank' | 'log'>,
  options: {
    start: Date;
    end: Date;
    afterId: string | null;
    limit: number;
    /** How the reader sees members' account numbers (docs/back-office/members.md#bank-account-numbers). */
    accountNo: AccountNoView;
  },
): Promise<{ summary: ReconciliationReport['payouts']; differences: FoundDifference[] }> {
  const db = deps.db.kysely;
  const withdrawals = await listSentWithdrawals(db, options);
  const transfers = await findTransferFacts(
    db,
    withdrawals.map((w) => w.transferId),
  );
  const differences: FoundDifference[] = [];
  let bankStatus: 'ok' | 'unreachable' = 'ok';
  let checked = 0;
  let inFlight = 0;
  await forEachPooled(withdrawals, WIDTH, async (w) => {
    const t = transfers.get(w.transferId);
    if (!t) {
      differences.push({
        section: 'payouts',
        kind: 'ledger_transfer_missing',
        currency: w.currency,
        memberId: w.memberId,
        subject: `withdrawal ${w.id}`,
        reference: w.transferId,
        expectedMinor: w.amountMinor.toString(),
        foundMinor: null,
        detail: null,
      });
      return;
    }
    const own = expectationOf(w, t);
    if (own === 'in_flight') {
      inFlight += 1;
      return;
    }
    if (own) differences.push(own);
    if (bankStatus === 'unreachable') return;
    const answer = await deps.bank.payoutStatus(w.transferId);
    if (answer.kind === 'unknown') {
      if (bankStatus === 'ok')
        deps.log.warn({ detail: answer.detail }, 'reconciliation: bank unreachable');
      bankStatus = 'unreachable';
      return;
    }
    checked += 1;
    const difference = compare(w, t, answer, options.accountNo);
    if (difference) differences.push(difference);
  });
  const last = withdrawals[withdrawals.length - 1];
  return {
    summary: {
      bankStatus,
      checked,
      inFlight,
      nextCursor: withdrawals.length === options.limit && last ? last.id : null,
    },
    differences: differences.sort((a, b) => ((a.reference ?? '') < (b.reference ?? '') ? -1 : 1)),
  };
}
