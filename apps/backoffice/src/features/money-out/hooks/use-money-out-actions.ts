import type { QueryKey } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAdminMutation } from '@/components/use-admin-mutation';
import {
  claimItem,
  decide,
  PAYOUTS_KEY,
  releaseItem,
  WITHDRAWALS_KEY,
  type MoneyOutDecision,
  type MoneyOutQueue,
} from '@/features/money-out/api/money-out-api';

const keyOf = (queue: MoneyOutQueue) => [queue === 'withdrawals' ? WITHDRAWALS_KEY : PAYOUTS_KEY];

/** Claim and release of a money-out item; the queue refreshes after either. */
export function useClaimActions(queue: MoneyOutQueue) {
  const { t } = useTranslation('moneyOut');
  const claim = useAdminMutation({
    run: (id: string) => claimItem(queue, id),
    invalidates: keyOf(queue),
    successText: () => t('claimed'),
  });
  const release = useAdminMutation({
    run: (id: string) => releaseItem(queue, id),
    invalidates: keyOf(queue),
    successText: () => t('released'),
  });
  return { claim, release };
}

/** What each decision refreshes (an approval also starts a payout) and the key of the toast that tells its result. */
type Result = { message: string; state?: string };
const DECISIONS: Record<
  MoneyOutDecision,
  { queue: MoneyOutQueue; invalidates: QueryKey[]; doneKey: (result: Result) => string }
> = {
  approve: {
    queue: 'withdrawals',
    invalidates: [WITHDRAWALS_KEY, PAYOUTS_KEY],
    doneKey: (result) => `approvalState.${result.state}`,
  },
  reject: { queue: 'withdrawals', invalidates: [WITHDRAWALS_KEY], doneKey: () => 'rejectedDone' },
  retry: {
    queue: 'payouts',
    invalidates: [PAYOUTS_KEY],
    doneKey: (result) => `retryState.${result.state}`,
  },
  refund: { queue: 'payouts', invalidates: [PAYOUTS_KEY], doneKey: () => 'refundedDone' },
};

/** The queue a decision is taken in (its item is claimed there). */
export const queueOf = (decision: MoneyOutDecision) => DECISIONS[decision].queue;

/** One decision on a held withdrawal or a stuck payout (re-authentication asked by the shared hook when needed). */
export function useDecision(decision: MoneyOutDecision, onDone: () => void) {
  const { t } = useTranslation('moneyOut');
  const { invalidates, doneKey } = DECISIONS[decision];
  return useAdminMutation({
    run: ({
      id,
      reason,
    }: {
      id: string;
      reason: string;
    }): Promise<{ message: string; state?: string }> => decide[decision](id, reason),
    invalidates,
    successText: (result) => t(doneKey(result)),
    onSuccess: onDone,
  });
}
