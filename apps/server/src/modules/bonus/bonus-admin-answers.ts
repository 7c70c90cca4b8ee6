import type { AdminBonus } from '@mekong/contracts/admin/promotions';
import { fromX100, type AdminBonusRow } from '@/modules/bonus/bonus-catalogue.repository.ts';

/** The back office's view of a bonus (amounts in minor units, percents with two decimals), also what the audit keeps. */

export type BonusUse = { active: number; received: number };

export function adminBonusAnswer(row: AdminBonusRow, use: BonusUse | undefined): AdminBonus {
  return {
    code: row.code,
    status: row.status,
    isPromotion: row.isPromotion,
    name: row.name,
    description: row.description,
    type: row.type,
    maxReceived: row.maxReceived,
    amountKind: row.amountKind,
    percent: row.percentX100 === null ? null : fromX100(row.percentX100),
    maxBonusMinor: Number(row.maxBonusMinor),
    minDepositMinor: Number(row.minDepositMinor),
    withdrawCapMinor: row.withdrawCapMinor === null ? null : Number(row.withdrawCapMinor),
    percentFail: fromX100(row.percentFailX100),
    conditionKind: row.conditionKind,
    multiplier: fromX100(row.multiplierX100),
    categoryWeights: row.categoryWeights,
    validDays: row.validDays,
    quota: row.quota,
    quotaUsed: row.quotaUsed,
    sortOrder: row.sortOrder,
    banners: row.banners,
    activeCount: use?.active ?? 0,
    receivedCount: use?.received ?? 0,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const VOLATILE = new Set(['activeCount', 'receivedCount', 'quotaUsed', 'updatedAt']);

/** What the audit trail keeps of a bonus: its terms, without the counts that change by themselves. */
export function bonusAuditView(row: AdminBonusRow): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(adminBonusAnswer(row, undefined)).filter(([key]) => !VOLATILE.has(key)),
  );
}
