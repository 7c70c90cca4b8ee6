import { ledgerCurrency } from '@mekong/contracts/constants';
import { randomUUID } from 'node:crypto';
import type { AppDeps } from '@/app-deps.ts';
import { pageWindow } from '@/db/paged.ts';
import { AppError } from '@/lib/app-error.ts';
import { percentOfMinor } from '@/lib/percent-of.ts';
import { findMemberWithBank } from '@/modules/account/member.repository.ts';
import { bonusWindows, hasActiveBonus } from '@/modules/bonus/bonus.service.ts';
import { netGameLoss } from '@/modules/games/game-bets.service.ts';
import { payFromHouse } from '@/modules/ledger/house-payout.ts';
import {
  insertClaim,
  listClaimedWeeks,
  listClaims,
  sumClaims,
} from '@/modules/refund/refund.repository.ts';
import { lastFinishedWeek, weekBefore, type RefundWeek } from '@/modules/refund/refund-week.ts';
import { findSetting } from '@/modules/settings/settings.repository.ts';
import type { SettingValue } from '@/modules/settings/settings.schema.ts';

/** Refund of losses (docs/decisions/0013-promotions.md#refund-of-losses; docs/spec.md §3 Refund, §7 Refund). */

/** A stretch of time in which a bonus of the member was active (an open one has no end yet). */
export type BonusWindow = { from: Date; to: Date | null };

/** How far back lapsed offers are counted for refundFail. */
export const LAPSED_WEEKS_COUNTED = 52;

const OFF: SettingValue<'refund'> = {
  enabled: false,
  percent: 0,
  minimumMinor: 0,
  maximumMinor: null,
  banners: [],
};

export type WeekRefund = { netLossMinor: bigint; amountMinor: bigint };

/** Percent of the net loss, rounded down, at most the maximum; 0 when under the minimum (never offered). */
export function refundOf(netLossMinor: bigint, setting: SettingValue<'refund'>): bigint {
  let amount = percentOfMinor(netLossMinor, setting.percent);
  if (setting.maximumMinor !== null && amount > BigInt(setting.maximumMinor))
    amount = BigInt(setting.maximumMinor);
  return amount <= 0n || amount < BigInt(setting.minimumMinor) ? 0n : amount;
}

export type RefundCheckView = {
  canReceive: boolean;
  hasActiveBonus: boolean;
  setting: SettingValue<'refund'>;
  week: RefundWeek;
  netLossMinor: bigint;
  isReceived: boolean;
  amountMinor: bigint;
  receivedMinor: bigint;
  lapsedMinor: bigint;
};

export function createRefundService({ db, clock }: Pick<AppDeps, 'db' | 'clock'>) {
  async function setting() {
    return (await findSetting(db.kysely, 'refund')) ?? OFF;
  }

  async function weekRefund(
    memberId: string,
    week: RefundWeek,
    current: SettingValue<'refund'>,
    windows: BonusWindow[],
  ): Promise<WeekRefund> {
    const net = await netGameLoss(db.kysely, memberId, week.start, week.end, windows);
    const netLossMinor = net > 0n ? net : 0n;
    return { netLossMinor, amountMinor: refundOf(netLossMinor, current) };
  }

  /**
   * What was offered in the weeks before `week` (since the member's registration, at most LAPSED_WEEKS_COUNTED) and
   * never received: a week's refund can be received only during the week after it. Past weeks are valued at the
   * current setting (earlier settings are not kept).
   */
  async function lapsed(
    memberId: string,
    registeredAt: Date,
    week: RefundWeek,
    current: SettingValue<'refund'>,
    windows: BonusWindow[],
  ): Promise<bigint> {
    if (!current.enabled) return 0n;
    const weeks: RefundWeek[] = [];
    for (let back = 1; back <= LAPSED_WEEKS_COUNTED; back += 1) {
      const past = weekBefore(week, back);
      if (past.end.getTime() <= registeredAt.getTime()) break;
      weeks.push(past);
    }
    const oldest = weeks.at(-1);
    if (!oldest) return 0n;
    const claimed = await listClaimedWeeks(db.kysely, memberId, oldest.start);
    let total = 0n;
    for (const past of weeks) {
      if (claimed.has(past.start.getTime())) continue;
      total += (await weekRefund(memberId, past, current, windows)).amountMinor;
    }
    return total;
  }

  async function memberOf(memberId: string) {
    const member = await findMemberWithBank(db.kysely, memberId);
    if (!member) throw new AppError('NO_USER');
    return member;
  }

  /** GET /api/refund/check: the last finished week's refund and whether it can be received now. */
  async function check(memberId: string): Promise<RefundCheckView> {
    const member = await memberOf(memberId);
    const current = await setting();
    const week = lastFinishedWeek(clock.now());
    const [windows, isBonusActive, claimed, receivedMinor] = await Promise.all([
      bonusWindows(db.kysely, memberId),
      hasActiveBonus(db.kysely, memberId),
      listClaimedWeeks(db.kysely, memberId, week.start),
      sumClaims(db.kysely, memberId),
    ]);
    const isReceived = claimed.has(week.start.getTime());
    const { netLossMinor, amountMinor } = await weekRefund(memberId, week, current, windows);
    const lapsedMinor = await lapsed(memberId, member.createdAt, week, current, windows);
    const receivable = isReceived ? 0n : amountMinor;
    return {
      canReceive: current.enabled && !isBonusActive && receivable > 0n,
      hasActiveBonus: isBonusActive,
      setting: current,
      week,
      netLossMinor,
      isReceived,
      amountMinor: receivable,
      receivedMinor,
      lapsedMinor,
    };
  }

  /**
   * GET /api/refund/receive and /addWallet (one code path): the last finished week's refund into cash (refund house →
   * cash, kind refund). The claim row is inserted first in the transaction, so of parallel receipts only one pays.
   */
  async function receive(memberId: string): Promise<{ amountMinor: bigint; transferId: string }> {
    const current = await setting();
    if (!current.enabled) throw new AppError('REFUND_INACTIVE');
    if (await hasActiveBonus(db.kysely, memberId)) throw new AppError('REFUND_CONDITION');
    const member = await memberOf(memberId);
    const week = lastFinishedWeek(clock.now());
    const claimed = await listClaimedWeeks(db.kysely, memberId, week.start);
    if (claimed.has(week.start.getTime())) throw new AppError('NO_REFUND');
    const windows = await bonusWindows(db.kysely, memberId);
    const { amountMinor } = await weekRefund(memberId, week, current, windows);
    if (amountMinor <= 0n) throw new AppError('REFUND_MINIMUM');
    const currency = ledgerCurrency(member.currency);
    return db.withTransaction(async (trx) => {
      const now = clock.now();
      const transferId = randomUUID();
      const isClaimed = await insertClaim(trx, {
        id: randomUUID(),
        memberId,
        weekStart: week.start,
        amountMinor,
        currency,
        transferId,
        now,
      });
      if (!isClaimed) throw new AppError('NO_REFUND');
      // Asked again inside the transaction: a bonus started since the first look still blocks the refund.
      if (await hasActiveBonus(trx, memberId)) throw new AppError('REFUND_CONDITION');
      await payFromHouse(
        trx,
        'refund',
        { memberId, amountMinor, currency },
        { id: transferId, externalRef: `refund:${memberId}:${week.start.toISOString()}`, now },
      );
      return { amountMinor, transferId };
    });
  }

  return {
    check,
    receive,
    async log(memberId: string, page: { page: number; limit: number }) {
      return listClaims(db.kysely, memberId, pageWindow(page));
    },
    async banners() {
      return (await setting()).banners;
    },
  };
}

export type RefundService = ReturnType<typeof createRefundService>;
