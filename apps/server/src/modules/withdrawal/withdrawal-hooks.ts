import type { MoneyStatus } from '@mekong/contracts/money';
import type { Trx } from '@/db/database.ts';

/** What a withdrawal asks of other modules (given by app.ts, so the withdrawal module imports none of them). */

/**
 * Brings every active game balance back to the cash wallet (docs/design.md#money two-phase: the wallet service's
 * gatherToWallet), each leg keyed `<idempotencyKey>:<PROVIDER>` and tied by `groupId`.
 */
export type GatherGames = (
  memberId: string,
  options: { idempotencyKey: string; groupId: string },
) => Promise<{ status: MoneyStatus }[]>;

/**
 * The bonus engine's part in a withdrawal (docs/decisions/0013-promotions.md#bonus): refuse before any money moves,
 * settle the bonus in the withdrawal's transaction (answers the payout), and the whole amount a completing
 * withdrawal was asked for (its payout may be less), so a repeat of that request is recognised.
 */
export type WithdrawBonusHooks = {
  assertAllowed(memberId: string, amountMinor: bigint): Promise<void>;
  settle(
    trx: Trx,
    input: { memberId: string; amountMinor: bigint; withdrawalId: string; now: Date },
  ): Promise<bigint>;
  requestedOf(withdrawalId: string): Promise<bigint | undefined>;
};
