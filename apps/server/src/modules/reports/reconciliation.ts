import type { AccountNoView } from '@/modules/members/account-mask.ts';
import type { ReconciliationReport, Difference } from '@mekong/contracts/admin/reports';
import type { z } from 'zod';
import type { reconciliationRequestSchema } from '@mekong/contracts/admin/reports';
import type { AppDeps } from '@/app-deps.ts';
import { listMemberLabels } from '@/modules/account/member-admin.repository.ts';
import { checkInvariants } from '@/modules/ledger/ledger-audit.ts';
import { listAccountMismatches } from '@/modules/ledger/ledger-report.repository.ts';
import { dayWindow } from '@/modules/reports/report-days.ts';
import { reconcileBankLines } from '@/modules/reports/reconcile-bank-lines.ts';
import { reconcileGames } from '@/modules/reports/reconcile-games.ts';
import { reconcilePayouts } from '@/modules/reports/reconcile-payouts.ts';

export type ReconciliationInput = z.output<typeof reconciliationRequestSchema>;

/** A difference before the member's public id is filled in. */
export type FoundDifference = Omit<Difference, 'memberPublicId'>;

/** Mismatched ledger accounts listed at most (the count is always whole). */
const MAX_LEDGER_ROWS = 100;

/**
 * The reconciliation (docs/back-office/reports.md#reconciliation): the ledger against itself (invariants), every
 * provider's balances, the bank's payouts and the bank's incoming lines. Read-only: it moves no money and books
 * nothing. Each section reads at most `limit` rows and answers a cursor to go on from; an outside party that fails
 * is reported as unreachable, never as an error of the whole report.
 */
export async function buildReconciliation(
  deps: Pick<AppDeps, 'db' | 'games' | 'bank' | 'log'>,
  input: ReconciliationInput,
  now: Date,
  accountNo: AccountNoView,
): Promise<ReconciliationReport> {
  const db = deps.db.kysely;
  const { start, end } = dayWindow({ from: input.from, to: input.to });
  const page = { start, end, limit: input.limit };
  const [sums, mismatches, games, payouts, lines] = await Promise.all([
    checkInvariants(db),
    listAccountMismatches(db, MAX_LEDGER_ROWS),
    reconcileGames(deps, { limit: input.limit, afterId: input.cursors.games }),
    reconcilePayouts(deps, { ...page, afterId: input.cursors.payouts, accountNo }),
    reconcileBankLines(db, {
      ...page,
      afterId: input.cursors.bankLines,
      creditsAfterId: input.cursors.bankCredits,
      accountNo,
    }),
  ]);
  const ledgerDifferences: FoundDifference[] = [
    ...sums
      .filter((s) => s.sum !== 0n)
      .map((s): FoundDifference => ({
        section: 'ledger',
        kind: 'ledger_not_balanced',
        currency: s.currency,
        memberId: null,
        subject: `ledger ${s.currency}`,
        reference: null,
        expectedMinor: '0',
        foundMinor: s.sum.toString(),
        detail: null,
      })),
    ...mismatches.rows.map((m): FoundDifference => ({
      section: 'ledger',
      kind: 'ledger_account_mismatch',
      currency: m.currency,
      memberId: null,
      subject: m.accountId,
      reference: null,
      expectedMinor: m.derived.toString(),
      foundMinor: m.balance.toString(),
      detail: `reserved ${m.reserved} / pending ${m.pending}`,
    })),
  ];
  const found = [
    ...ledgerDifferences,
    ...games.differences,
    ...payouts.differences,
    ...lines.differences,
  ];
  const members = await listMemberLabels(
    db,
    found.flatMap((d) => (d.memberId ? [d.memberId] : [])),
  );
  return {
    from: input.from,
    to: input.to,
    generatedAt: now.toISOString(),
    ledger: {
      sums: sums.map((s) => ({ currency: s.currency, sumMinor: s.sum.toString() })),
      mismatchedAccounts: mismatches.total,
    },
    games: games.summary,
    payouts: payouts.summary,
    bankLines: lines.summary,
    differences: found.map((d) => ({
      ...d,
      memberPublicId: d.memberId ? (members.get(d.memberId)?.publicId ?? null) : null,
    })),
  };
}
