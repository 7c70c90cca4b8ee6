import type { LedgerCurrency } from '@mekong/contracts/constants';
import type { Trx } from '@/db/database.ts';
import { accrueInviteCommission } from '@/modules/invite/invite.service.ts';
import { earnCoins } from '@/modules/spinwheel/spinwheel.service.ts';

/** A deposit that was just credited (never a replay). */
export type CreditedDeposit = {
  memberId: string;
  currency: LedgerCurrency;
  amountMinor: bigint;
  transferId: string;
  now: Date;
};

/**
 * What a deposit earns besides the money (docs/decisions/0013-promotions.md#deposits): each effect runs in the
 * crediting transaction and is unique per deposit transfer, so a rolled-back credit leaves none and a replay adds none.
 */
type DepositEffect = (trx: Trx, deposit: CreditedDeposit) => Promise<void>;

const effects: DepositEffect[] = [accrueInviteCommission, earnCoins];

export async function runDepositEffects(trx: Trx, deposit: CreditedDeposit): Promise<void> {
  for (const effect of effects) await effect(trx, deposit);
}
