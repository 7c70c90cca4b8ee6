import { ledgerCurrency } from '@mekong/contracts/constants';
import type { Trx } from '@/db/database.ts';
import { AppError } from '@/lib/app-error.ts';
import { openItemOrThrow } from '@/lib/open-item.ts';
import { findMemberCurrency } from '@/modules/account/member.repository.ts';
import {
  decideLine,
  findIncoming,
  type StoredIncoming,
} from '@/modules/bank-feed/bank-feed.repository.ts';
import { creditIncoming } from '@/modules/bank-feed/bank-feed.service.ts';

/**
 * An operator's decision on a bank line no member was matched to (docs/back-office/money-in.md), inside the caller's
 * transaction. The line is locked and must still be unmatched, so twenty clicks credit it once; the credit is the
 * feed's own (same ledger reference), so a line a slip of the same transfer already credited moves no money twice.
 */

type Decision = { decidedBy: string; reason: string; now: Date };

export async function lockOpenLine(trx: Trx, id: string): Promise<StoredIncoming> {
  return openItemOrThrow(
    await findIncoming(trx, id, { isLocked: true }),
    (line) => line.status === 'unmatched',
  );
}

/** Credits the line's amount to the chosen member; `isAlreadyCredited`: that member had it already (no money now). */
export async function creditLockedLine(
  trx: Trx,
  line: StoredIncoming,
  memberId: string,
  d: Decision,
): Promise<{ transferId: string; isAlreadyCredited: boolean }> {
  const member = await findMemberCurrency(trx, memberId);
  if (!member) throw new AppError('NO_USER');
  const currency = ledgerCurrency(member.currency);
  if (currency !== line.currency) throw new AppError('DEPOSIT_CURRENCY_MISMATCH');
  const credit = await creditIncoming(
    trx,
    memberId,
    currency,
    { ...line, depositRef: line.depositRef ?? line.reference },
    d.now,
    { resolvedBy: d.decidedBy },
  );
  if (credit.kind === 'credited_elsewhere') throw new AppError('DEPOSIT_ALREADY_CREDITED');
  await decideLine(
    trx,
    line.id,
    { status: 'resolved', memberId, transferId: credit.transferId },
    d,
  );
  return { transferId: credit.transferId, isAlreadyCredited: credit.kind === 'already_credited' };
}

/** Returned to its sender outside the system, or ignored (not a member's money): recorded, nothing credited. */
export async function refuseLockedLine(
  trx: Trx,
  line: StoredIncoming,
  outcome: 'returned' | 'ignored',
  d: Decision,
) {
  await decideLine(trx, line.id, { status: outcome }, d);
}
