import type {
  Bonus,
  BonusClearPreview,
  BonusPreview,
  MemberBonus,
  Promotion,
} from '@mekong/contracts/bonus';
import { toMajor } from '@mekong/contracts/money';
import { fromX100, type BonusRow } from '@/modules/bonus/bonus-catalogue.repository.ts';
import type {
  BonusService,
  BonusListItem,
  MemberBonusView,
} from '@/modules/bonus/bonus.service.ts';

/** The bonus module's answers as the contracts spell them: amounts in major units (the route side of the boundary). */

const major = (minor: bigint | null) => (minor === null ? null : toMajor(minor));

function bonusTerms(bonus: BonusRow) {
  return {
    code: bonus.code,
    name: bonus.name,
    description: bonus.description,
    percentFail: fromX100(bonus.percentFailX100),
    banners: bonus.banners,
    amountKind: bonus.amountKind,
    percent: bonus.percentX100 === null ? null : fromX100(bonus.percentX100),
    maxBonus: toMajor(bonus.maxBonusMinor),
    minDeposit: toMajor(bonus.minDepositMinor),
    withdrawCap: major(bonus.withdrawCapMinor),
    conditionKind: bonus.conditionKind,
    multiplier: fromX100(bonus.multiplierX100),
  };
}

export function bonusAnswer(item: BonusListItem): Bonus {
  const { bonus } = item;
  return {
    ...bonusTerms(bonus),
    type: bonus.type,
    maxReceived: bonus.maxReceived,
    categoryWeights: bonus.categoryWeights,
    validDays: bonus.validDays,
    userBonus:
      item.memberBonusId === null
        ? null
        : {
            _id: item.memberBonusId,
            isActive: item.isActive,
            received: item.receivedAt.map((at) => ({ updatedAt: at.toISOString() })),
          },
  };
}

export function promotionAnswer(bonus: BonusRow, isReceived: boolean): Promotion {
  return { ...bonusTerms(bonus), isReceived };
}

export function memberBonusAnswer({ row, bonus, progress }: MemberBonusView): MemberBonus {
  return {
    _id: row.id,
    code: bonus.code,
    name: bonus.name,
    type: bonus.type,
    status: row.status,
    isPromotion: row.isPromotion,
    depositAmount: toMajor(row.depositMinor),
    bonusAmount: toMajor(row.bonusMinor),
    percentFail: fromX100(bonus.percentFailX100),
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    endedAt: row.endedAt?.toISOString() ?? null,
    progress: {
      conditionKind: progress.conditionKind,
      target: toMajor(progress.targetMinor),
      current: toMajor(progress.currentMinor),
      percent: progress.percent,
      isMet: progress.isMet,
      startAmount: toMajor(progress.startMinor),
      failBelow: toMajor(progress.failBelowMinor),
      withdrawCap: major(progress.withdrawCapMinor),
    },
  };
}

export function bonusPreviewAnswer(p: Awaited<ReturnType<BonusService['preview']>>): BonusPreview {
  return {
    code: p.bonus.code,
    bonusAmount: toMajor(p.bonusMinor),
    depositAmount: toMajor(p.depositMinor),
    startAmount: toMajor(p.startMinor),
    conditionKind: p.bonus.conditionKind,
    target: toMajor(p.targetMinor),
    lockedAmount: toMajor(p.lockedMinor),
    failBelow: toMajor(p.failBelowMinor),
    withdrawCap: major(p.bonus.withdrawCapMinor),
    validDays: p.bonus.validDays,
  };
}

export function clearPreviewAnswer(
  p: Awaited<ReturnType<BonusService['clearPreview']>>,
): BonusClearPreview {
  return {
    forfeit: toMajor(p.forfeitMinor),
    games: p.games.map((g) => ({ provider: g.provider, amount: toMajor(g.amountMinor) })),
    bonusWallet: toMajor(p.bonusWalletMinor),
    wallet: toMajor(p.walletMinor),
    kept: toMajor(p.keptMinor),
    forfeitAfterGamesBack: toMajor(p.forfeitAfterGamesBackMinor),
  };
}
