import { ledgerCurrency, type LedgerCurrency } from '@mekong/contracts/constants';
import type { Trx } from '@/db/database.ts';
import { AppError } from '@/lib/app-error.ts';
import { playerDate } from '@/lib/player-time.ts';
import { findMemberCurrency } from '@/modules/account/member.repository.ts';
import {
  addToDaySum,
  lockDaySum,
  type DaySumKey,
} from '@/modules/members/adjustment-day-sums.repository.ts';
import { notifyRoles } from '@/modules/operator-notices/index.ts';

/** At this share of the line, an operator's day tells the owners (docs/back-office/members.md#adjustments). */
export const NEAR_LINE_PERCENT = 80n;

/** Money one operator moves alone: a manual credit or debit, or a slip amount of their own typing. */
export type SoloMove = {
  operator: { id: string; name: string };
  memberId: string;
  currency: LedgerCurrency;
  amountMinor: bigint;
  now: Date;
};

/** What a solo move did to the day's sums: counted, or held back because it would take one past the line. */
export type SoloCount = 'counted' | 'operatorDay' | 'memberDay';

/**
 * Counts a solo move in the players' day (Asia/Bangkok) of its operator and of its member, against the second-approval
 * line (docs/back-office/members.md#adjustments). Credits and debits both count, by their amount
 * (docs/decisions/0014-back-office.md#daily-sums). Both rows are locked, the operator's first then the member's (every
 * caller takes them in that order and before any ledger row), so parallel moves add up one after another. Past the
 * line nothing is counted and the answer says whose sum held it. The owners are told once a day when the operator's
 * sum reaches NEAR_LINE_PERCENT of the line, or a move of theirs is held by it.
 */
export async function countSoloMove(
  trx: Trx,
  lineMinor: bigint,
  move: SoloMove,
): Promise<SoloCount> {
  const day = playerDate(move.now);
  const key = (scope: DaySumKey['scope'], subjectId: string): DaySumKey => ({
    scope,
    subjectId,
    currency: move.currency,
    day,
  });
  const operatorKey = key('operator', move.operator.id);
  const memberKey = key('member', move.memberId);
  const operatorDay = await lockDaySum(trx, operatorKey);
  const memberDay = await lockDaySum(trx, memberKey);
  const operatorAfter = operatorDay.soloMinor + move.amountMinor;
  const answer: SoloCount =
    operatorAfter > lineMinor
      ? 'operatorDay'
      : memberDay.soloMinor + move.amountMinor > lineMinor
        ? 'memberDay'
        : 'counted';
  const isCounted = answer === 'counted';
  const isNear =
    answer === 'operatorDay' ||
    (isCounted && operatorAfter * 100n >= lineMinor * NEAR_LINE_PERCENT);
  const tell = isNear && !operatorDay.isNearLineTold;
  if (isCounted || tell)
    await addToDaySum(
      trx,
      operatorKey,
      isCounted ? move.amountMinor : 0n,
      tell ? move.now : undefined,
    );
  if (isCounted) await addToDaySum(trx, memberKey, move.amountMinor);
  if (tell) {
    const totalMinor = isCounted ? operatorAfter : operatorDay.soloMinor;
    await notifyRoles(
      trx,
      {
        kind: 'adjustments.nearLine',
        params: {
          operator: move.operator.name,
          totalMinor: Number(totalMinor),
          lineMinor: Number(lineMinor),
          currency: move.currency,
        },
      },
      move.now,
    );
  }
  return answer;
}

/**
 * A slip amount the operator typed is a manual credit: counted like one, and refused past the line (a slip has no
 * second-approval step; the verifier's own amount is no manual credit and is not counted).
 */
export async function countTypedSlipCredit(
  trx: Trx,
  lineMinor: bigint,
  move: Omit<SoloMove, 'currency'>,
): Promise<void> {
  const member = await findMemberCurrency(trx, move.memberId);
  if (!member) throw new AppError('ITEM_NOT_FOUND');
  const counted = await countSoloMove(trx, lineMinor, {
    ...move,
    currency: ledgerCurrency(member.currency),
  });
  if (counted !== 'counted') throw new AppError('ADJUSTMENT_DAILY_LINE');
}
