import { bonusActivate, bonusClear, promotionActivate } from '@mekong/contracts/bonus';
import { qrCreate, walletSlipUpload, walletTruelink } from '@mekong/contracts/deposit';
import { inviteBonus } from '@mekong/contracts/invite';
import { refundAddWallet, refundReceive } from '@mekong/contracts/refund';
import { spinwheelCouponClaim, spinwheelSpin } from '@mekong/contracts/spinwheel';

/**
 * The member's money calls whose replay the kept answer serves (docs/decisions/0024-unknown-money-outcomes.md).
 * Transfers, withdrawals and deposit notices are not here: they keep their key with the money itself and answer a
 * replay with the current state of the first request (docs/decisions/0003-money-core.md).
 */
export const REPLAYED_MONEY_CALLS = [
  qrCreate,
  walletSlipUpload,
  walletTruelink,
  refundReceive,
  refundAddWallet,
  inviteBonus,
  spinwheelSpin,
  spinwheelCouponClaim,
  bonusActivate,
  promotionActivate,
  bonusClear,
] as const;
