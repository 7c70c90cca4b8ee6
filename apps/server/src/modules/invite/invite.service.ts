import { ledgerCurrency } from '@mekong/contracts/constants';
import { randomUUID } from 'node:crypto';
import type { AppDeps } from '@/app-deps.ts';
import type { Db, Queryable, Trx } from '@/db/database.ts';
import { pageWindow } from '@/db/paged.ts';
import { AppError } from '@/lib/app-error.ts';
import { percentOfMinor } from '@/lib/percent-of.ts';
import {
  countInvitees,
  findInviteParties,
  findSharedTraits,
  listInvitees,
  type InviteParty,
} from '@/modules/account/invitee.repository.ts';
import { findMemberCurrency } from '@/modules/account/member.repository.ts';
import type { CreditedDeposit } from '@/modules/deposit/deposit-effects.ts';
import {
  insertAccrual,
  insertCollection,
  listUnplayed,
  lockUncollected,
  markCollected,
  markPlayed,
  sumEarnedByInvitee,
  sumUncollected,
} from '@/modules/invite/invite.repository.ts';
import { findReview, insertHeldReview } from '@/modules/invite/invite-review.repository.ts';
import { payFromHouse } from '@/modules/ledger/house-payout.ts';
import { guardsOf, isDepositPlayed } from '@/modules/promotion-play/deposit-play.ts';
import { findSetting } from '@/modules/settings/settings.repository.ts';

/** Invite commission (docs/decisions/0013-promotions.md#invite, docs/spec.md §2 invite modal, §7 Invite). */

type Contact = Pick<InviteParty, 'phone' | 'bankCode' | 'accountNo'>;

/** A member cannot invite themself: same phone, or same bank account (bank code and number). */
export function isSelfInvite(invitee: Contact, inviter: Contact): boolean {
  if (invitee.phone === inviter.phone) return true;
  return (
    invitee.bankCode !== null &&
    invitee.accountNo !== null &&
    invitee.bankCode === inviter.bankCode &&
    invitee.accountNo === inviter.accountNo
  );
}

/** A share of the invitees in percent, 2 decimals. */
const shareOf = (part: number, total: number) =>
  total === 0 ? 0 : Math.round((part * 10_000) / total) / 100;

export type InviteFigures = {
  amountMinor: bigint;
  waitingMinor: bigint;
  heldMinor: bigint;
  success: number;
  fail: number;
};

async function readFigures(
  db: Queryable,
  memberId: string,
): Promise<InviteFigures & { total: number }> {
  const [sums, counts] = await Promise.all([
    sumUncollected(db, memberId),
    countInvitees(db, memberId),
  ]);
  return {
    amountMinor: sums.collectableMinor,
    waitingMinor: sums.waitingMinor,
    heldMinor: sums.heldMinor,
    success: shareOf(counts.deposited, counts.total),
    fail: shareOf(counts.total - counts.deposited, counts.total),
    total: counts.total,
  };
}

/**
 * Marks played the accruals of the inviter whose invitee's deposit is now played (docs/decisions/0013-promotions.md
 * #earned-by-play): the same rule as the wheel's coins, on the invitee's deposits and stakes.
 */
async function releasePlayedAccruals(db: Db, memberId: string, now: Date): Promise<void> {
  const unplayed = await listUnplayed(db.kysely, memberId);
  if (unplayed.length === 0) return;
  const { depositPlayMultiplier } = await guardsOf(db.kysely);
  const played: string[] = [];
  for (const accrual of unplayed) {
    const isPlayed = await isDepositPlayed(db.kysely, {
      memberId: accrual.inviteeId,
      depositAt: accrual.depositAt,
      multiplier: depositPlayMultiplier,
    });
    if (isPlayed) played.push(accrual.id);
  }
  if (played.length === 0) return;
  await db.withTransaction(async (trx) => {
    for (const id of played) await markPlayed(trx, id, now);
  });
}

/**
 * GET /api/wallet's overall invite figures: the commission collectable now, waiting for play or held for review,
 * and the shares with and without a deposit.
 */
export async function inviteFigures(db: Db, memberId: string, now: Date): Promise<InviteFigures> {
  await releasePlayedAccruals(db, memberId, now);
  const { total: _total, ...figures } = await readFigures(db.kysely, memberId);
  return figures;
}

/**
 * Holds the invite for review when the two share an address, a browser or a bank-account name and the operator
 * holds such invites (docs/decisions/0013-promotions.md#earned-by-play); one review per invitee, decided once.
 */
async function holdIfShared(
  trx: Trx,
  parties: { inviteeId: string; inviterId: string },
  isHeldWhenShared: boolean,
  now: Date,
): Promise<void> {
  if (!isHeldWhenShared || (await findReview(trx, parties.inviteeId))) return;
  const reasons = await findSharedTraits(trx, parties.inviteeId, parties.inviterId);
  if (reasons.length > 0) await insertHeldReview(trx, { ...parties, reasons, now });
}

/**
 * The deposit effect (modules/deposit/deposit-effects.ts): the invitee's credited deposit accrues percent × deposit,
 * rounded down, to the inviter, once per deposit transfer. Nothing when invites are off, the percent is 0, the member
 * was not invited, the two are one person (same phone or bank account), or the inviter keeps another currency (the
 * commission is paid into the inviter's cash wallet, which holds one currency).
 */
export async function accrueInviteCommission(trx: Trx, deposit: CreditedDeposit): Promise<void> {
  const setting = await findSetting(trx, 'invite');
  if (!setting?.enabled || !(setting.percent > 0)) return;
  const parties = await findInviteParties(trx, deposit.memberId);
  if (!parties) return;
  const { invitee, inviter } = parties;
  if (isSelfInvite(invitee, inviter)) return;
  if (ledgerCurrency(inviter.currency) !== deposit.currency) return;
  const amountMinor = percentOfMinor(deposit.amountMinor, setting.percent);
  if (amountMinor <= 0n) return;
  const guards = await guardsOf(trx);
  const isAccrued = await insertAccrual(trx, {
    id: randomUUID(),
    inviterId: inviter.id,
    inviteeId: invitee.id,
    depositTransferId: deposit.transferId,
    amountMinor,
    depositMinor: deposit.amountMinor,
    currency: deposit.currency,
    isPlayed: !(guards.depositPlayMultiplier > 0),
    now: deposit.now,
  });
  if (isAccrued)
    await holdIfShared(
      trx,
      { inviteeId: invitee.id, inviterId: inviter.id },
      guards.isSharedInviteHeld,
      deposit.now,
    );
}

export type InviteListView = {
  total: number;
  invites: {
    publicId: string;
    name: string;
    earnedMinor: bigint;
    createdAt: Date;
    hasDeposited: boolean;
  }[];
  amountMinor: bigint;
  waitingMinor: bigint;
  heldMinor: bigint;
  success: number;
  fail: number;
  percent: number;
};

export function createInviteService({ db, clock }: Pick<AppDeps, 'db' | 'clock'>) {
  async function setting() {
    const value = await findSetting(db.kysely, 'invite');
    return value ?? { enabled: false, percent: 0, banners: [] };
  }

  return {
    /** POST /api/invite: one page of the member's invitees, newest first, with what each earned and the totals. */
    async list(memberId: string, page: { page: number; limit: number }): Promise<InviteListView> {
      await releasePlayedAccruals(db, memberId, clock.now());
      const [invitees, figures, current] = await Promise.all([
        listInvitees(db.kysely, memberId, pageWindow(page)),
        readFigures(db.kysely, memberId),
        setting(),
      ]);
      const earned = await sumEarnedByInvitee(
        db.kysely,
        memberId,
        invitees.map((i) => i.id),
      );
      return {
        total: figures.total,
        invites: invitees.map((i) => ({
          publicId: i.publicId,
          name: i.name,
          earnedMinor: earned.get(i.id) ?? 0n,
          createdAt: i.createdAt,
          hasDeposited: i.hasDeposited,
        })),
        amountMinor: figures.amountMinor,
        waitingMinor: figures.waitingMinor,
        heldMinor: figures.heldMinor,
        success: figures.success,
        fail: figures.fail,
        percent: current.percent,
      };
    },

    /**
     * GET /api/invite/bonus: everything accrued and not collected goes to the cash wallet in one transfer (invite house
     * → cash, kind invite); the accruals are locked and marked collected in the same transaction, so parallel collects
     * pay once and the others find nothing (NO_INVITE_BONUS).
     */
    async collect(memberId: string): Promise<{ amountMinor: bigint; transferId: string }> {
      if (!(await setting()).enabled) throw new AppError('INVITE_INACTIVE');
      const member = await findMemberCurrency(db.kysely, memberId);
      if (!member) throw new AppError('NO_USER');
      const currency = ledgerCurrency(member.currency);
      await releasePlayedAccruals(db, memberId, clock.now());
      return db.withTransaction(async (trx) => {
        const { ids, amountMinor } = await lockUncollected(trx, memberId);
        if (amountMinor <= 0n) throw new AppError('NO_INVITE_BONUS');
        const now = clock.now();
        const collectionId = randomUUID();
        const { transfer } = await payFromHouse(
          trx,
          'invite',
          { memberId, amountMinor, currency },
          { externalRef: `invite:${collectionId}`, now },
        );
        await insertCollection(trx, {
          id: collectionId,
          memberId,
          amountMinor,
          currency,
          transferId: transfer.id,
          now,
        });
        await markCollected(trx, ids, collectionId);
        return { amountMinor, transferId: transfer.id };
      });
    },

    async banners() {
      return (await setting()).banners;
    },
  };
}

export type InviteService = ReturnType<typeof createInviteService>;
