import type { AppDeps } from '@/app-deps.ts';
import { AppError } from '@/lib/app-error.ts';
import { promotionCodeBudgets, spendBudgets } from '@/lib/guess-budgets.ts';

/**
 * Promotion codes are not listed, so a code is a small secret: a member's lookups spend a guess first, and only a code
 * that was not found keeps it spent (docs/decisions/0013-promotions.md#codes).
 */
export function createPromotionGuesses({ counters, clock }: Pick<AppDeps, 'counters' | 'clock'>) {
  return async function guessed<T>(memberId: string, run: () => Promise<T>): Promise<T> {
    const guess = await spendBudgets(
      counters,
      promotionCodeBudgets(memberId),
      clock.now().getTime(),
    );
    try {
      const result = await run();
      await guess.giveBack();
      return result;
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'NO_PROMOTION')) await guess.giveBack();
      throw error;
    }
  };
}
