import { ledgerCurrency } from '@mekong/contracts/constants';
import { randomUUID } from 'node:crypto';
import type { AppDeps } from '@/app-deps.ts';
import type { Queryable, Trx } from '@/db/database.ts';
import { pageWindow } from '@/db/paged.ts';
import { AppError } from '@/lib/app-error.ts';
import { percentOfMinor } from '@/lib/percent-of.ts';
import {
  countInvitees,
  findInviteParties,
  listInvitees,
  type InviteParty,
} from '@/modules/account/invitee.repository.ts';
import { findMemberCurrency } from '@/modules/account/member.repository.ts';
import type { CreditedDeposit } from '@/modules/deposit/deposit-effects.ts';
import {
  insertAccrual,
  insertCollection,
  lockUncollected,
  markCollected,
  sumEarnedByInvitee,
  sumUncollected,
} from '@/modules/invite/invite.repository.ts';
import { payFromHouse } from '@/modules/ledger/house-payout.ts';
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

export type InviteFigures = { amountMinor: bigint; success: number; fail: number };

async function readFigures(
  db: Queryable,
  memberId: string,
): Promise<InviteFigures & { total: number }> {
  const [amountMinor, counts] = await Promise.all([
    sumUncollected(db, memberId),
    countInvitees(db, memberId),
  ]);
  return {
    amountMinor,
    success: shareOf(counts.deposited, counts.total),
    fail: shareOf(counts.total - counts.deposited, counts.total),
    total: counts.total,
  };
}

/** GET /api/wallet's overall invite figures: accrued-uncollected commission, and the shares with and without a deposit. */
export async function inviteFigures(db: Queryable, memberId: string): Promise<InviteFigures> {
  const { amountMinor, success, fail } = await readFigures(db, memberId);
  return { amountMinor, success, fail };
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
  await insertAccrual(trx, {
    id: randomUUID(),
    inviterId: inviter.id,
    inviteeId: invitee.id,
    depositTransferId: deposit.transferId,
    amountMinor,
    currency: deposit.currency,
    now: deposit.now,
  });
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
