import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AppDeps } from '@/app-deps.ts';
import type { Database } from '@/db/schema.ts';
import { AppError } from '@/lib/app-error.ts';
import { createBatchLoader } from '@/lib/batch-loader.ts';
import { nameUuid } from '@/lib/name-uuid.ts';
import { findMemberWithBank } from '@/modules/account/member.repository.ts';
import { createPromotionGuesses } from '@/modules/bonus/promotion-guesses.ts';
import {
  bankKeyOf,
  planStart,
  qualifyingDeposit,
  receiptsThisPeriod,
  startBonus,
} from '@/modules/bonus/bonus-activation.ts';
import {
  assertWithdrawAllowed,
  bonusOf,
  bonusWithdrawable,
  cancelPreview,
  checkBonusLost,
  forfeit,
  progressOf,
  settleWithdrawal,
  type BonusProgressView,
} from '@/modules/bonus/bonus-money.ts';
import {
  findBonus,
  listListedBonuses,
  type BonusRow,
} from '@/modules/bonus/bonus-catalogue.repository.ts';
import {
  endMemberBonus,
  findActiveMemberBonus,
  findMemberBonus,
  findWithdrawRequested,
  hasActiveMemberBonus,
  listMembersWithActiveBonus,
  isPromotionClaimed,
  listActivePage,
  listExpiredActive,
  listMemberBonuses,
  listReceipts,
  type MemberBonusRow,
} from '@/modules/bonus/bonus.repository.ts';
import {
  endForfeit,
  failBelow,
  isDepositNeeded,
  releaseTarget,
} from '@/modules/bonus/bonus-rules.ts';
import { createJobLeases } from '@/modules/job-lease/job-lease.service.ts';
import {
  getMemberPostedBalances,
  hasPendingGameLeg,
  listGroupTransfers,
} from '@/modules/ledger/ledger.repository.ts';
import { getMemberBalances } from '@/modules/ledger/ledger.service.ts';
import type { GamesService } from '@/modules/games/games.service.ts';
import type { WalletService } from '@/modules/wallet/wallet.service.ts';
import type { WithdrawBonusHooks } from '@/modules/withdrawal/withdrawal-hooks.ts';

export { startBonusByCode } from '@/modules/bonus/bonus-activation.ts';
export {
  assertWithdrawAllowed,
  checkBonusLost,
  settleWithdrawal,
  useBonusForGame,
} from '@/modules/bonus/bonus-money.ts';
export { findWithdrawRequested } from '@/modules/bonus/bonus.repository.ts';

/** The bonus engine and promotion codes (docs/decisions/0013-promotions.md#bonus; docs/spec.md §3, §7). */

type Kdb = Kysely<Database>;

/** Whether the member has an active bonus (it blocks a refund, docs/decisions/0013-promotions.md). */
export const hasActiveBonus = (db: Kdb, memberId: string): Promise<boolean> =>
  hasActiveMemberBonus(db, memberId);

/**
 * hasActiveBonus for the requests of one event-loop turn in one statement (the wallet transfer's hot path,
 * docs/decisions/0006); nothing is cached, each request reads the current state.
 */
export function createActiveBonusReader(db: Kdb) {
  const loader = createBatchLoader(async (memberIds: readonly string[]) => {
    const active = await listMembersWithActiveBonus(db, memberIds);
    return new Map(memberIds.map((id) => [id, active.has(id)]));
  });
  return async (memberId: string): Promise<boolean> => (await loader.load(memberId)) === true;
}

/** Each bonus's active period, oldest first (to: null while it runs), for the refund of losses. */
export async function bonusWindows(
  db: Kdb,
  memberId: string,
): Promise<{ from: Date; to: Date | null }[]> {
  return (await listMemberBonuses(db, memberId)).map((b) => ({ from: b.createdAt, to: b.endedAt }));
}

export type MemberBonusView = { row: MemberBonusRow; bonus: BonusRow; progress: BonusProgressView };

/** A listed bonus with the member's receipts of it and whether it is the running one. */
export type BonusListItem = {
  bonus: BonusRow;
  memberBonusId: string | null;
  isActive: boolean;
  receivedAt: Date[];
};

/** An expired bonus ended by the job waits this long for its games to answer before another run tries it. */
const EXPIRY_LEASE_MS = 5 * 60_000;
export const BONUS_EXPIRY_JOB = 'bonus-expiry';
export const BONUS_LOST_JOB = 'bonus-lost';
const LOST_PAGE = 200;
/** Tries of a cancel or an expiry while another request still moves the member's game money. */
const END_TRIES = 3;

export function createBonusService(
  { db, clock, log, counters }: Pick<AppDeps, 'db' | 'clock' | 'log' | 'counters'>,
  wallet: Pick<WalletService, 'gatherToWallet'>,
  games: Pick<GamesService, 'syncMember'>,
) {
  const leases = createJobLeases({ db, clock });
  const guessed = createPromotionGuesses({ counters, clock });

  async function viewOf(row: MemberBonusRow): Promise<MemberBonusView> {
    const bonus = await bonusOf(db.kysely, row);
    return { row, bonus, progress: await progressOf(db.kysely, row, bonus) };
  }

  /** The running bonus after the lost check (a total below percentFail % ends it first). */
  async function activeView(memberId: string): Promise<MemberBonusView | null> {
    await checkBonusLost(db, memberId, clock.now());
    const row = await findActiveMemberBonus(db.kysely, memberId);
    return row ? viewOf(row) : null;
  }

  async function activate(memberId: string, code: string, kind: 'bonus' | 'promotion') {
    // A member whose bonus was lost meanwhile may start another one.
    await checkBonusLost(db, memberId, clock.now());
    const row = await db.withTransaction(async (trx) => {
      const bonus = await findBonus(trx, code);
      if (!bonus || bonus.isPromotion !== (kind === 'promotion'))
        throw new AppError('NO_PROMOTION');
      return startBonus(trx, memberId, bonus, { now: clock.now() });
    });
    return viewOf(row);
  }

  /**
   * Ends the running bonus like a cancel: every game balance comes back to cash (the game legs, two-phase, no
   * transaction open meanwhile), then, under the bonus's row lock, the forfeit of endForfeit (bonus-rules.ts) is taken
   * from the bonus account and cash. A game that does not answer leaves the bonus running (TRANSFER_FAIL); a later try
   * forfeits what every try brought back (the legs of all tries share one group). Money still moving to or from a game
   * (another request's leg) is waited for by trying again, at most END_TRIES times.
   */
  async function endWithGames(
    active: MemberBonusRow,
    status: 'cancelled' | 'expired',
  ): Promise<bigint> {
    const bonus = await bonusOf(db.kysely, active);
    for (let attempt = 1; ; attempt += 1) {
      const ended = await gatherAndEnd(active, status, bonus.name);
      if (ended !== 'busy') return ended;
      if (attempt >= END_TRIES) throw new AppError('TRANSFER_FAIL');
    }
  }

  async function gatherAndEnd(
    active: MemberBonusRow,
    status: 'cancelled' | 'expired',
    names: BonusRow['name'],
  ): Promise<bigint | 'busy'> {
    const { memberId } = active;
    const groupId = nameUuid(`bonus-end:${active.id}`);
    // The providers' balances first (wins and losses booked), so the whole of each game comes back.
    await games.syncMember(memberId);
    const legs = await wallet.gatherToWallet(memberId, {
      idempotencyKey: `bonus-end:${active.id}:${randomUUID()}`,
      groupId,
      currency: active.currency,
    });
    if (legs.some((leg) => leg.status !== 'SUCCESS')) throw new AppError('TRANSFER_FAIL');
    return db.withTransaction(async (trx) => {
      // The row lock before any sum, so of parallel ends one decides on what every other one brought back.
      const row = await findMemberBonus(trx, active.id, { isLocked: true });
      if (row?.status !== 'active') throw new AppError('BONUS_NOT_ACTIVE');
      if (await hasPendingGameLeg(trx, memberId)) return 'busy';
      const posted = await getMemberPostedBalances(trx, memberId);
      if (Object.values(posted.games).some((b) => b !== 0n)) return 'busy';
      const back = (await listGroupTransfers(trx, memberId, groupId))
        .filter((t) => t.kind === 'game_out' && t.status === 'posted')
        .reduce((sum, t) => sum + t.amountMinor, 0n);
      const balances = await getMemberBalances(trx, memberId);
      const take = endForfeit({
        backMinor: back,
        cashMinor: balances.cash,
        bonusAccountMinor: balances.bonus,
        grantedMinor: row.bonusMinor,
      });
      const now = clock.now();
      const common = { row, names, now, reason: status };
      const forfeitedMinor =
        (await forfeit(trx, { ...common, from: 'bonus', amountMinor: take.fromBonus })) +
        (await forfeit(trx, { ...common, from: 'cash', amountMinor: take.fromCash }));
      await endMemberBonus(trx, row.id, { status, forfeitedMinor, at: now });
      return forfeitedMinor;
    });
  }

  return {
    /** GET /api/bonus: the listed bonuses with the member's receipts. */
    async list(memberId: string): Promise<BonusListItem[]> {
      const bonuses = await listListedBonuses(db.kysely);
      const [receipts, active] = await Promise.all([
        listReceipts(
          db.kysely,
          memberId,
          bonuses.map((b) => b.code),
        ),
        findActiveMemberBonus(db.kysely, memberId),
      ]);
      return bonuses.map((bonus) => {
        const mine = receipts.filter((r) => r.bonus_code === bonus.code);
        const isActive = active?.bonusCode === bonus.code;
        return {
          bonus,
          memberBonusId: isActive ? active.id : (mine.at(-1)?.member_bonus_id ?? null),
          isActive,
          receivedAt: mine.map((r) => r.created_at),
        };
      });
    },

    activate: (memberId: string, code: string) => activate(memberId, code, 'bonus'),

    /**
     * GET /api/bonus/preview/:code and /api/promotion/preview/:code (issue 28): what receiving the bonus now would do, by the activation's own checks and
     * amounts (planStart), with the member's own money it puts under the condition (cash + games).
     */
    async preview(memberId: string, code: string, kind: 'bonus' | 'promotion' = 'bonus') {
      const now = clock.now();
      await checkBonusLost(db, memberId, now);
      // A promotion code is a guess like its find and activation (docs/decisions/0013-promotions.md#codes).
      const find = async () => {
        const found = await findBonus(db.kysely, code);
        if (!found || found.isPromotion !== (kind === 'promotion'))
          throw new AppError('NO_PROMOTION');
        return found;
      };
      const bonus = kind === 'promotion' ? await guessed(memberId, find) : await find();
      const plan = await planStart(db.kysely, memberId, bonus, { now });
      const startMinor = plan.depositMinor + plan.bonusMinor;
      const balances = await getMemberBalances(db.kysely, memberId);
      const lockedMinor = Object.values(balances.games).reduce((sum, b) => sum + b, balances.cash);
      return {
        bonus,
        bonusMinor: plan.bonusMinor,
        depositMinor: plan.depositMinor,
        startMinor,
        targetMinor: releaseTarget(bonus.multiplierX100, startMinor),
        lockedMinor,
        failBelowMinor: failBelow(bonus.percentFailX100, startMinor),
      };
    },

    /** What a withdrawal may ask now under the active bonus (null: none running); see bonusWithdrawable. */
    withdrawable: (memberId: string) => bonusWithdrawable(db.kysely, memberId),

    /** GET /api/bonus/clear/preview (issue 28): what a cancel now forfeits and where that money is. */
    async clearPreview(memberId: string) {
      await checkBonusLost(db, memberId, clock.now());
      const active = await findActiveMemberBonus(db.kysely, memberId);
      if (!active) throw new AppError('BONUS_NOT_ACTIVE');
      return cancelPreview(db.kysely, active);
    },
    activatePromotion: (memberId: string, code: string) =>
      guessed(memberId, () => activate(memberId, code, 'promotion')),
    activeView,

    /** GET /api/bonus/check/minimum: the smallest minimum of the bonuses still open to the member, and their deposit. */
    async checkMinimum(memberId: string) {
      const now = clock.now();
      const open: bigint[] = [];
      for (const bonus of await listListedBonuses(db.kysely)) {
        if (!isDepositNeeded(bonus)) continue;
        if ((await receiptsThisPeriod(db.kysely, memberId, bonus, now)) < bonus.maxReceived)
          open.push(bonus.minDepositMinor);
      }
      const minimumMinor = open.length > 0 ? open.reduce((a, b) => (b < a ? b : a)) : null;
      const depositMinor = (await qualifyingDeposit(db.kysely, memberId, now))?.amountMinor ?? null;
      const isEnough =
        minimumMinor !== null && depositMinor !== null && depositMinor >= minimumMinor;
      return { minimumMinor, depositMinor, isEnough };
    },

    /** GET /api/bonus/clear. */
    async clear(memberId: string): Promise<bigint> {
      const active = await findActiveMemberBonus(db.kysely, memberId);
      if (!active) throw new AppError('BONUS_NOT_ACTIVE');
      return endWithGames(active, 'cancelled');
    },

    /** GET /api/promotion/find/:code: a promotion, and whether this member, bank account or phone took it. */
    async findPromotion(memberId: string, code: string) {
      const bonus = await guessed(memberId, async () => {
        const found = await findBonus(db.kysely, code);
        if (!found?.isPromotion) throw new AppError('NO_PROMOTION');
        return found;
      });
      const member = await findMemberWithBank(db.kysely, memberId);
      if (!member) throw new AppError('NO_USER');
      const isReceived = await isPromotionClaimed(db.kysely, {
        bonusCode: bonus.code,
        memberId,
        bankKey: bankKeyOf(member.bank),
        phone: member.phone,
      });
      return { bonus, isReceived };
    },

    /** The expiry job: each active bonus past validDays ends like a cancel (`expired`), under its lease. */
    /**
     * The lost check of every active bonus (docs/decisions/0013-promotions.md#bonus: a bonus whose total fell below
     * percentFail % ends by itself, not only when its member next reads the wallet). Reads the posted balances the
     * game sync keeps; each end is decided under the bonus's row lock, so a member's read at the same time is safe.
     */
    async endLost(): Promise<{ checked: number; lost: number }> {
      const counts = { checked: 0, lost: 0 };
      let afterId: string | null = null;
      for (;;) {
        const page = await listActivePage(db.kysely, afterId, LOST_PAGE);
        for (const active of page) {
          counts.checked += 1;
          try {
            if ((await checkBonusLost(db, active.member_id, clock.now())) === 'lost')
              counts.lost += 1;
          } catch (error) {
            log.warn({ err: error, memberBonusId: active.id }, 'lost check failed');
          }
        }
        const last = page.at(-1);
        if (!last || page.length < LOST_PAGE) return counts;
        afterId = last.id;
      }
    },

    async expireDue(limit = 100): Promise<{ expired: number; left: number }> {
      const counts = { expired: 0, left: 0 };
      for (const due of await listExpiredActive(db.kysely, clock.now(), limit)) {
        const leased = await leases.withLease(
          BONUS_EXPIRY_JOB,
          due.id,
          EXPIRY_LEASE_MS,
          async () => {
            const row = await findMemberBonus(db.kysely, due.id);
            if (row?.status !== 'active') return 'gone' as const;
            try {
              await endWithGames(row, 'expired');
              return 'expired' as const;
            } catch (error) {
              log.warn({ err: error, memberBonusId: row.id }, 'expired bonus not ended yet');
              return 'left' as const;
            }
          },
        );
        if (leased.isLeased && leased.value !== 'gone') counts[leased.value] += 1;
      }
      return counts;
    },
  };
}

export type BonusService = ReturnType<typeof createBonusService>;

/**
 * The withdrawal module's bonus hooks (docs/decisions/0013-promotions.md#bonus), wired by app.ts. A bonus already lost
 * ends first, so its member may withdraw as without a bonus.
 */
export function withdrawBonusHooks({
  db,
  clock,
}: Pick<AppDeps, 'db' | 'clock'>): WithdrawBonusHooks {
  return {
    async assertAllowed(memberId, amountMinor) {
      await checkBonusLost(db, memberId, clock.now());
      await assertWithdrawAllowed(db.kysely, memberId, amountMinor);
    },
    settle: settleWithdrawal,
    requestedOf: (withdrawalId) => findWithdrawRequested(db.kysely, withdrawalId),
  };
}
