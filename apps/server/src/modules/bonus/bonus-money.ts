import type { LedgerCurrency } from '@mekong/contracts/constants';
import type { Kysely } from 'kysely';
import type { Db } from '@/db/database.ts';
import type { Database } from '@/db/schema.ts';
import { AppError } from '@/lib/app-error.ts';
import {
  findBonus,
  type BonusRow,
  type Localized,
} from '@/modules/bonus/bonus-catalogue.repository.ts';
import {
  endMemberBonus,
  findActiveMemberBonus,
  findMemberBonus,
  type MemberBonusRow,
} from '@/modules/bonus/bonus.repository.ts';
import {
  endForfeit,
  failBelow,
  progressPercent,
  releaseTarget,
} from '@/modules/bonus/bonus-rules.ts';
import { weightedTurnover } from '@/modules/games/game-bets.service.ts';
import { getMemberPostedBalances } from '@/modules/ledger/ledger.repository.ts';
import { createTransfer, getMemberBalances } from '@/modules/ledger/ledger.service.ts';

/**
 * The bonus's money while it runs and when it ends (docs/decisions/0013-promotions.md#bonus): the bonus spent first
 * on a game transfer, the release condition, the automatic end when lost, the withdrawal that completes it, and the
 * forfeits to the bonus house account.
 */

type Kdb = Kysely<Database>;

export type BonusProgressView = {
  conditionKind: BonusRow['conditionKind'];
  targetMinor: bigint;
  currentMinor: bigint;
  percent: number;
  isMet: boolean;
  startMinor: bigint;
  failBelowMinor: bigint;
  withdrawCapMinor: bigint | null;
};

const sumGames = (games: Record<string, bigint>) =>
  Object.values(games).reduce((sum, b) => sum + b, 0n);

/** Everything under the bonus, posted: cash + bonus + games (money in flight still counted where it is). */
export async function bonusTotal(db: Kdb, memberId: string): Promise<bigint> {
  const b = await getMemberPostedBalances(db, memberId);
  return b.cash + b.bonus + sumGames(b.games);
}

export async function bonusOf(db: Kdb, row: MemberBonusRow): Promise<BonusRow> {
  const bonus = await findBonus(db, row.bonusCode, { isAnyState: true });
  if (!bonus) throw new Error(`bonus ${row.bonusCode} of member bonus ${row.id} does not exist`);
  return bonus;
}

/** Where the member stands on the release condition. */
export async function progressOf(
  db: Kdb,
  row: MemberBonusRow,
  bonus: BonusRow,
): Promise<BonusProgressView> {
  const targetMinor = releaseTarget(bonus.multiplierX100, row.startMinor);
  const currentMinor =
    bonus.conditionKind === 'credit'
      ? await bonusTotal(db, row.memberId)
      : await weightedTurnover(db, row.memberId, row.createdAt, bonus.categoryWeights);
  return {
    conditionKind: bonus.conditionKind,
    targetMinor,
    currentMinor,
    percent: progressPercent(currentMinor, targetMinor),
    isMet: currentMinor >= targetMinor,
    startMinor: row.startMinor,
    failBelowMinor: failBelow(bonus.percentFailX100, row.startMinor),
    withdrawCapMinor: bonus.withdrawCapMinor,
  };
}

/**
 * A forfeit at the end of a bonus: the member's cash or bonus account to the bonus house account (finish_bonus). The
 * bonus's names ride along, so the statement names it in the member's language (`description` keeps the Thai one).
 */
export async function forfeit(
  trx: Kdb,
  input: {
    row: MemberBonusRow;
    from: 'cash' | 'bonus';
    amountMinor: bigint;
    names: Localized;
    now: Date;
    /** How the bonus ended, for the statement's row (issue 28). */
    reason: 'cancelled' | 'expired' | 'lost' | 'completed';
  },
): Promise<bigint> {
  if (input.amountMinor <= 0n) return 0n;
  const { memberId, currency, id } = input.row;
  await createTransfer(trx, {
    memberId,
    debit: { memberId, kind: input.from },
    credit: { house: 'bonus' },
    amountMinor: input.amountMinor,
    currency,
    kind: 'finish_bonus',
    status: 'posted',
    metadata: {
      description: input.names.th,
      names: input.names,
      memberBonusId: id,
      from: input.from,
      reason: input.reason,
    },
    now: input.now,
  });
  return input.amountMinor;
}

/**
 * Before a wallet → game reservation, in its transaction: with an active bonus, the bonus account's money (up to the
 * amount) moves to cash first (bonus_use), so play spends the bonus first.
 */
export async function useBonusForGame(
  trx: Kdb,
  input: { memberId: string; currency: LedgerCurrency; amountMinor: bigint; now: Date },
): Promise<void> {
  // Locked like every end of a bonus locks it: a cancel, a loss or a completing withdrawal either waits for this
  // move or is seen to have ended the bonus (then nothing moves).
  const active = await findActiveMemberBonus(trx, input.memberId, { isLocked: true });
  if (!active) return;
  const { bonus } = await getMemberBalances(trx, input.memberId);
  const use = bonus < input.amountMinor ? bonus : input.amountMinor;
  if (use <= 0n) return;
  await createTransfer(trx, {
    memberId: input.memberId,
    debit: { memberId: input.memberId, kind: 'bonus' },
    credit: { memberId: input.memberId, kind: 'cash' },
    amountMinor: use,
    currency: input.currency,
    kind: 'bonus_use',
    status: 'posted',
    metadata: { memberBonusId: active.id },
    now: input.now,
  });
}

/**
 * Ends the active bonus as lost when everything under it fell below percentFail % of the start amount. Like a cancel,
 * it never leaves the member with bonus money (docs/decisions/0013-promotions.md#bonus): the forfeit is endForfeit's
 * with nothing brought back, the bonus account and as much of the granted bonus as cash and the bonus account hold.
 * While part of what can be bonus money (the granted bonus, at most the total) is still in a game, it cannot be taken
 * here: the bonus runs on until that money is back in the wallet (the next check takes it from cash) or the bonus
 * expires (the expiry brings the games back). Answers where the member's bonus stands after the check (`active` still
 * running, `lost` ended now, `none`), so a wallet read needs no second look.
 */
export async function checkBonusLost(
  db: Db,
  memberId: string,
  now: Date,
): Promise<'none' | 'active' | 'lost'> {
  const active = await findActiveMemberBonus(db.kysely, memberId);
  if (!active) return 'none';
  const bonus = await bonusOf(db.kysely, active);
  const floor = failBelow(bonus.percentFailX100, active.startMinor);
  if ((await bonusTotal(db.kysely, memberId)) >= floor) return 'active';
  return db.withTransaction(async (trx) => {
    const row = await findMemberBonus(trx, active.id, { isLocked: true });
    if (row?.status !== 'active') return 'none';
    const total = await bonusTotal(trx, memberId);
    if (total >= floor) return 'active';
    const balances = await getMemberBalances(trx, memberId);
    const take = endForfeit({
      backMinor: 0n,
      cashMinor: balances.cash,
      bonusAccountMinor: balances.bonus,
      grantedMinor: row.bonusMinor,
    });
    const owed = row.bonusMinor < total ? row.bonusMinor : total;
    if (take.fromBonus + take.fromCash < owed) return 'active';
    const common = { row, names: bonus.name, now, reason: 'lost' as const };
    const forfeitedMinor =
      (await forfeit(trx, { ...common, from: 'bonus', amountMinor: take.fromBonus })) +
      (await forfeit(trx, { ...common, from: 'cash', amountMinor: take.fromCash }));
    return (await endMemberBonus(trx, row.id, { status: 'lost', forfeitedMinor, at: now }))
      ? 'lost'
      : 'none';
  });
}

/**
 * What a withdrawal may ask under the active bonus (null: no bonus, the usual rules alone): nothing until the
 * condition is met, then exactly the whole total (cash + games). The withdraw sheet shows it (issue 28) and
 * assertWithdrawAllowed decides by it, so the sheet never offers an amount that is refused.
 */
export async function bonusWithdrawable(
  db: Kdb,
  memberId: string,
): Promise<{ isMet: boolean; amountMinor: bigint } | null> {
  const active = await findActiveMemberBonus(db, memberId);
  if (!active) return null;
  const progress = await progressOf(db, active, await bonusOf(db, active));
  if (!progress.isMet) return { isMet: false, amountMinor: 0n };
  const b = await getMemberBalances(db, memberId);
  return { isMet: true, amountMinor: b.cash + sumGames(b.games) };
}

/** A withdrawal under the active bonus is refused before any money moves unless the condition is met and it is all. */
export async function assertWithdrawAllowed(
  db: Kdb,
  memberId: string,
  amountMinor: bigint,
): Promise<void> {
  const allowed = await bonusWithdrawable(db, memberId);
  if (!allowed) return;
  if (!allowed.isMet) throw new AppError('BONUS_CONDITION');
  if (amountMinor !== allowed.amountMinor) throw new AppError('BONUS_WITHDRAW_ALL');
}

/**
 * What a cancel would forfeit now (issue 28), by endForfeit on the posted balances with every game brought back
 * (as the cancel does), and with the games' money already in the wallet (what the member can do first). Every game's
 * balance is forfeited in full (endForfeit takes at least what came back plus the bonus account).
 */
export async function cancelPreview(db: Kdb, row: MemberBonusRow) {
  const b = await getMemberBalances(db, row.memberId);
  const gamesMinor = sumGames(b.games);
  const held = {
    cashMinor: b.cash + gamesMinor,
    bonusAccountMinor: b.bonus,
    grantedMinor: row.bonusMinor,
  };
  const now = endForfeit({ ...held, backMinor: gamesMinor });
  const later = endForfeit({ ...held, backMinor: 0n });
  const forfeitMinor = now.fromBonus + now.fromCash;
  return {
    forfeitMinor,
    games: Object.entries(b.games)
      .filter(([, amount]) => amount > 0n)
      .map(([provider, amountMinor]) => ({ provider, amountMinor })),
    bonusWalletMinor: now.fromBonus,
    walletMinor: now.fromCash - gamesMinor,
    keptMinor: b.cash + gamesMinor + b.bonus - forfeitMinor,
    forfeitAfterGamesBackMinor: later.fromBonus + later.fromCash,
  };
}

/**
 * In the withdrawal's transaction: with an active bonus, the condition must be met and the amount must be the whole
 * total (cash + games, the withdraw modal's figure); the payout is then min(amount, withdrawCap), the rest of the cash
 * and the bonus account are forfeited, and the bonus is completed. Answers the payout (the amount without a bonus).
 */
export async function settleWithdrawal(
  trx: Kdb,
  input: { memberId: string; amountMinor: bigint; withdrawalId: string; now: Date },
): Promise<bigint> {
  const row = await findActiveMemberBonus(trx, input.memberId, { isLocked: true });
  if (!row) return input.amountMinor;
  const bonus = await bonusOf(trx, row);
  if (!(await progressOf(trx, row, bonus)).isMet) throw new AppError('BONUS_CONDITION');
  const b = await getMemberBalances(trx, input.memberId);
  // Short because a game could not be emptied: the caller tells that apart (TRANSFER_FAIL).
  if (input.amountMinor > b.cash) throw new AppError('MONEY_NOT_ENOUGH');
  if (input.amountMinor !== b.cash + sumGames(b.games)) throw new AppError('BONUS_WITHDRAW_ALL');
  const cap = bonus.withdrawCapMinor;
  const payout = cap !== null && cap < input.amountMinor ? cap : input.amountMinor;
  const common = { row, names: bonus.name, now: input.now, reason: 'completed' as const };
  const forfeitedMinor =
    (await forfeit(trx, { ...common, from: 'cash', amountMinor: input.amountMinor - payout })) +
    (await forfeit(trx, { ...common, from: 'bonus', amountMinor: b.bonus }));
  await endMemberBonus(trx, row.id, {
    status: 'completed',
    forfeitedMinor,
    at: input.now,
    withdrawalId: input.withdrawalId,
    withdrawRequestedMinor: input.amountMinor,
  });
  return payout;
}
