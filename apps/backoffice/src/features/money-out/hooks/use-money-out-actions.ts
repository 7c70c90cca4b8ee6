import { useTranslation } from 'react-i18next';
import { useAdminMutation } from '@/components/use-admin-mutation';
import {
  approveWithdrawal,
  claimItem,
  PAYOUTS_KEY,
  refundPayout,
  rejectWithdrawal,
  releaseItem,
  retryPayout,
  WITHDRAWALS_KEY,
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

type Decision = { id: string; reason: string };

/** Approve and reject of a held withdrawal (re-authentication asked by the shared hook when needed). */
export function useWithdrawalDecisions(onDone: () => void) {
  const { t } = useTranslation('moneyOut');
  const approve = useAdminMutation({
    run: ({ id, reason }: Decision) => approveWithdrawal(id, reason),
    invalidates: [WITHDRAWALS_KEY, PAYOUTS_KEY],
    successText: (result) => t(`approvalState.${result.state}`),
    onSuccess: onDone,
  });
  const reject = useAdminMutation({
    run: ({ id, reason }: Decision) => rejectWithdrawal(id, reason),
    invalidates: [WITHDRAWALS_KEY],
    successText: () => t('rejectedDone'),
    onSuccess: onDone,
  });
  return { approve, reject };
}

/** Retry and refund of a stuck payout. */
export function usePayoutDecisions(onDone: () => void) {
  const { t } = useTranslation('moneyOut');
  const retry = useAdminMutation({
    run: ({ id, reason }: Decision) => retryPayout(id, reason),
    invalidates: [PAYOUTS_KEY],
    successText: (result) => t(`retryState.${result.state}`),
    onSuccess: onDone,
  });
  const refund = useAdminMutation({
    run: ({ id, reason }: Decision) => refundPayout(id, reason),
    invalidates: [PAYOUTS_KEY],
    successText: () => t('refundedDone'),
    onSuccess: onDone,
  });
  return { retry, refund };
}
