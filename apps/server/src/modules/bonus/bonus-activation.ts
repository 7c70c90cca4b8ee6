import { ledgerCurrency } from '@mekong/contracts/constants';
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Db } from '@/db/database.ts';
import type { Database } from '@/db/schema.ts';
import { AppError } from '@/lib/app-error.ts';
import { findMemberWithBank } from '@/modules/account/member.repository.ts';
import { findBonus, takeQuota, type BonusRow } from '@/modules/bonus/bonus-catalogue.repository.ts';
import {
  findActiveMemberBonus,
  insertActiveMemberBonus,
  insertPromotionClaim,
  isPromotionClaimed,
  listReceipts,
  listUsedDeposits,
  setCreditTransfer,
  takeReceiptSlot,
  type MemberBonusRow,
} from '@/modules/bonus/bonus.repository.ts';
import {
  bonusAmount,
  expiryOf,
  isDepositNeeded,
  periodOf,
  receiptPeriod,
} from '@/modules/bonus/bonus-rules.ts';
import { listPostedDepositsSince } from '@/modules/ledger/ledger.repository.ts';
import {
  createTransfer,
  ensureMemberAccounts,
  getMemberBalances,
} from '@/modules/ledger/ledger.service.ts';

/** Starting a bonus (docs/decisions/0013-promotions.md#bonus): the checks, the receipt slot, the credit, in one transaction. */

type Kdb = Kysely<Database>;

/** A qualifying deposit must be this recent. */
const DEPOSIT_WINDOW_MS = 24 * 60 * 60 * 1000;

export type StartOptions = {
  now: Date;
  /** Started by a prize-wheel coupon: no deposit, no receipt slot, no promotion claim (the coupon is the right). */
  viaCoupon?: boolean;
};

/** The key a promotion is taken once per: the bank and the account number, digits only. */
export const bankKeyOf = (bank: { code: string; accountNo: string } | null) =>
  bank ? `${bank.code}:${bank.accountNo.replace(/\D/g, '')}` : null;

/**
 * The member's latest posted deposit of the last 24 hours that no earlier bonus used, while the member still holds at
 * least its amount (cash and games).
 */
export async function qualifyingDeposit(db: Kdb, memberId: string, now: Date) {
  const deposits = await listPostedDepositsSince(
    db,
    memberId,
    new Date(now.getTime() - DEPOSIT_WINDOW_MS),
  );
  const used = await listUsedDeposits(
    db,
    deposits.map((d) => d.id),
  );
  const deposit = deposits.find((d) => !used.has(d.id));
  if (!deposit) return undefined;
  // A deposit withdrawn (or played away) since is no stake: the bonus would be house money alone.
  const { cash, games } = await getMemberBalances(db, memberId);
  const held = Object.values(games).reduce((sum, b) => sum + b, cash);
  return held >= deposit.amountMinor ? deposit : undefined;
}

/** How many receipts of the bonus the member has in the current period (limit: ever; day: today; week: this week). */
export async function receiptsThisPeriod(
  db: Kdb,
  memberId: string,
  bonus: BonusRow,
  now: Date,
): Promise<number> {
  const period = receiptPeriod(bonus.type, now);
  const receipts = await listReceipts(db, memberId, [bonus.code]);
  return receipts.filter((r) => periodOf(r.period) === period).length;
}

/**
 * Every check of a start and its amounts, reading only (issue 28: the preview before the member confirms runs exactly
 * these). Every refusal throws the activation's code.
 */
export async function planStart(
  trx: Kdb,
  memberId: string,
  bonus: BonusRow,
  options: StartOptions,
) {
  const { now } = options;
  const isCoupon = options.viaCoupon === true;
  const member = await findMemberWithBank(trx, memberId);
  if (!member) throw new AppError('NO_USER');
  const currency = ledgerCurrency(member.currency);
  // An active bonus is the first refusal, also when it started while this one was being checked (a parallel
  // activation that committed meanwhile): every refusal before the insert looks again.
  const refuse = async (
    code: 'PROMOTION_RECEIVED' | 'BONUS_MAX_CLAIMED' | 'BONUS_NO_DEPOSIT' | 'BONUS_MINIMUM_DEPOSIT',
  ) => {
    if (await findActiveMemberBonus(trx, memberId)) return new AppError('BONUS_ALREADY_ACTIVE');
    return new AppError(code);
  };
  if (await findActiveMemberBonus(trx, memberId)) throw new AppError('BONUS_ALREADY_ACTIVE');
  const claim = {
    bonusCode: bonus.code,
    memberId,
    bankKey: bankKeyOf(member.bank),
    phone: member.phone,
  };
  if (bonus.isPromotion && !isCoupon && (await isPromotionClaimed(trx, claim)))
    throw await refuse('PROMOTION_RECEIVED');
  if (!isCoupon && (await receiptsThisPeriod(trx, memberId, bonus, now)) >= bonus.maxReceived)
    throw await refuse('BONUS_MAX_CLAIMED');

  let deposit: { id: string; amountMinor: bigint } | undefined;
  if (!isCoupon && isDepositNeeded(bonus)) {
    deposit = await qualifyingDeposit(trx, memberId, now);
    if (!deposit) throw await refuse('BONUS_NO_DEPOSIT');
    if (deposit.amountMinor < bonus.minDepositMinor) throw await refuse('BONUS_MINIMUM_DEPOSIT');
  }
  const depositMinor = deposit?.amountMinor ?? 0n;
  const bonusMinor = bonusAmount(bonus, depositMinor);
  if (bonusMinor <= 0n) throw await refuse('BONUS_MINIMUM_DEPOSIT');

  return { currency, claim, deposit, depositMinor, bonusMinor };
}

/**
 * Starts the bonus for the member within the caller's transaction: every refusal throws (and the caller's
 * transaction rolls back, so nothing is left). The row of the active bonus is inserted first, so a second start of
 * the member waits for this one and is refused (BONUS_ALREADY_ACTIVE) rather than racing for a receipt slot.
 */
export async function startBonus(
  trx: Kdb,
  memberId: string,
  bonus: BonusRow,
  options: StartOptions,
): Promise<MemberBonusRow> {
  const { now } = options;
  const isCoupon = options.viaCoupon === true;
  const { currency, claim, deposit, depositMinor, bonusMinor } = await planStart(
    trx,
    memberId,
    bonus,
    options,
  );

  const row = {
    id: randomUUID(),
    memberId,
    bonusCode: bonus.code,
    isPromotion: bonus.isPromotion,
    currency,
    depositTransferId: deposit?.id ?? null,
    depositMinor,
    bonusMinor,
    startMinor: depositMinor + bonusMinor,
    createdAt: now,
    expiresAt: expiryOf(now, bonus.validDays),
  };
  if (!(await insertActiveMemberBonus(trx, row))) throw new AppError('BONUS_ALREADY_ACTIVE');
  if (!isCoupon) {
    const slot = {
      memberId,
      bonusCode: bonus.code,
      period: receiptPeriod(bonus.type, now),
      max: bonus.maxReceived,
      memberBonusId: row.id,
      now,
    };
    if (!(await takeReceiptSlot(trx, slot))) throw new AppError('BONUS_MAX_CLAIMED');
  }
  if ((await takeQuota(trx, bonus.code)) === 'full') throw new AppError('BONUS_FULL');
  if (
    bonus.isPromotion &&
    !isCoupon &&
    !(await insertPromotionClaim(trx, { ...claim, memberBonusId: row.id, now }))
  )
    throw new AppError('PROMOTION_RECEIVED');

  await ensureMemberAccounts(trx, memberId, currency, now);
  const { transfer } = await createTransfer(trx, {
    memberId,
    debit: { house: 'bonus' },
    credit: { memberId, kind: 'bonus' },
    amountMinor: bonusMinor,
    currency,
    kind: 'bonus',
    status: 'posted',
    // One credit per member bonus, whatever re-runs the transaction.
    externalRef: row.id,
    // The names ride along for the statement in the member's language; `description` keeps the Thai one.
    metadata: {
      description: bonus.name.th,
      names: bonus.name,
      bonusCode: bonus.code,
      memberBonusId: row.id,
    },
    now,
  });
  await setCreditTransfer(trx, row.id, transfer.id);
  return { ...row, status: 'active', forfeitedMinor: 0n, endedAt: null };
}

/**
 * Starts the bonus of this code for the member (a prize-wheel coupon: `viaCoupon`), within the caller's transaction
 * when given one, else in a transaction of its own. Unknown or disabled code: NO_PROMOTION.
 */
export async function startBonusByCode(
  db: Db | Kdb,
  memberId: string,
  code: string,
  options: StartOptions,
): Promise<MemberBonusRow> {
  const run = async (trx: Kdb) => {
    const bonus = await findBonus(trx, code.trim().toUpperCase());
    if (!bonus) throw new AppError('NO_PROMOTION');
    return startBonus(trx, memberId, bonus, options);
  };
  return 'withTransaction' in db ? db.withTransaction(run) : run(db);
}
