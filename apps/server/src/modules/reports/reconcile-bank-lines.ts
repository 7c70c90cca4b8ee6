import type { AccountNoView } from '@/modules/members/account-mask.ts';
import type { LedgerCurrency } from '@mekong/contracts/constants';
import type { Kysely } from 'kysely';
import type { ReconciliationReport } from '@mekong/contracts/admin/reports';
import type { Database } from '@/db/schema.ts';
import {
  findLinkedTransferIds,
  listLinesPage,
  type StoredIncoming,
} from '@/modules/bank-feed/bank-feed.repository.ts';
import {
  findTransferFacts,
  listBankFeedCredits,
  type TransferFacts,
} from '@/modules/ledger/ledger-report.repository.ts';
import type { FoundDifference } from '@/modules/reports/reconciliation.ts';

const currencyOf = (text: string): LedgerCurrency | null =>
  text === 'THB' || text === 'LAK' ? text : null;

/** What is wrong between a stored bank line and the ledger credit it names, if anything. */
function lineDifference(
  line: StoredIncoming,
  credit: TransferFacts | undefined,
  accountNo: AccountNoView,
): FoundDifference | null {
  const base = {
    section: 'bankLines' as const,
    currency: currencyOf(line.currency),
    memberId: line.memberId,
    subject: `${line.fromBankCode} ${accountNo(line.fromAccountNo)}`,
    reference: line.reference,
    expectedMinor: line.amountMinor.toString(),
  };
  if (line.status === 'unmatched')
    return {
      ...base,
      kind: 'line_not_credited',
      foundMinor: null,
      detail: line.unmatchedReason,
    };
  if (!credit)
    return { ...base, kind: 'line_credit_missing', foundMinor: null, detail: line.transferId };
  const found = credit.amountMinor.toString();
  if (credit.kind !== 'deposit' || credit.status !== 'posted')
    return {
      ...base,
      kind: 'line_credit_not_posted',
      foundMinor: found,
      detail: `${credit.kind} ${credit.status}`,
    };
  if (credit.amountMinor !== line.amountMinor || credit.currency !== line.currency)
    return { ...base, kind: 'line_amount_mismatch', foundMinor: found, detail: credit.currency };
  if (credit.memberId !== line.memberId)
    return {
      ...base,
      kind: 'line_member_mismatch',
      foundMinor: found,
      detail: `credited to ${credit.memberId ?? 'nobody'}`,
    };
  return null;
}

/**
 * The bank's incoming lines against the credited deposits, both ways, one page each: every stored line received in
 * the range must be credited (a posted deposit of its amount to its member), and every deposit the feed credited
 * in the range must have its line.
 */
export async function reconcileBankLines(
  db: Kysely<Database>,
  options: {
    start: Date;
    end: Date;
    limit: number;
    afterId: string | null;
    creditsAfterId: string | null;
    /** How the reader sees members' account numbers (docs/back-office/members.md#bank-account-numbers). */
    accountNo: AccountNoView;
  },
): Promise<{ summary: ReconciliationReport['bankLines']; differences: FoundDifference[] }> {
  const { start, end, limit } = options;
  const [lines, credits] = await Promise.all([
    listLinesPage(db, { start, end, limit, afterId: options.afterId }),
    listBankFeedCredits(db, { start, end, limit, afterId: options.creditsAfterId }),
  ]);
  const [transfers, linked] = await Promise.all([
    findTransferFacts(
      db,
      lines.flatMap((l) => (l.transferId ? [l.transferId] : [])),
    ),
    findLinkedTransferIds(
      db,
      credits.map((c) => c.id),
    ),
  ]);
  const differences: FoundDifference[] = [];
  for (const line of lines) {
    const difference = lineDifference(
      line,
      line.transferId ? transfers.get(line.transferId) : undefined,
      options.accountNo,
    );
    if (difference) differences.push(difference);
  }
  for (const credit of credits) {
    if (linked.has(credit.id)) continue;
    differences.push({
      section: 'bankLines',
      kind: 'credit_without_line',
      currency: credit.currency,
      memberId: credit.memberId,
      subject: `deposit ${credit.id}`,
      reference: credit.bankReference,
      expectedMinor: credit.amountMinor.toString(),
      foundMinor: null,
      detail: null,
    });
  }
  const lastLine = lines[lines.length - 1];
  const lastCredit = credits[credits.length - 1];
  return {
    summary: {
      checked: lines.length,
      creditsChecked: credits.length,
      nextCursor: lines.length === limit && lastLine ? lastLine.id : null,
      nextCreditsCursor: credits.length === limit && lastCredit ? lastCredit.id : null,
    },
    differences,
  };
}
