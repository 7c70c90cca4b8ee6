import type { AppDeps } from '@/app-deps.ts';
import { AppError } from '@/lib/app-error.ts';
import { USUAL_WAIT_SAMPLE, usualWaitSeconds } from '@/lib/usual-wait.ts';
import { findMemberWithBank } from '@/modules/account/member.repository.ts';
import { findSetting } from '@/modules/settings/settings.repository.ts';
import { isOperatorNeeded } from '@/modules/withdrawal/payout-approval.ts';
import { listRecentPayoutDecisions } from '@/modules/withdrawal/waiting-payouts.repository.ts';

/**
 * POST /api/wallet/withdraw/check (docs/decisions/0025-waiting-money.md): whether a withdrawal of this amount would wait
 * for an operator, by the very rule the withdrawal applies (payout-approval.ts), and the usual wait for one. It moves
 * nothing; the withdrawal checks its own rules again when it is sent.
 */
export function createWithdrawCheckService({ db, clock }: Pick<AppDeps, 'db' | 'clock'>) {
  return {
    async check(memberId: string, amountMinor: bigint) {
      const [limits, member, decisions] = await Promise.all([
        findSetting(db.kysely, 'withdrawLimits'),
        findMemberWithBank(db.kysely, memberId),
        listRecentPayoutDecisions(db.kysely, USUAL_WAIT_SAMPLE),
      ]);
      if (!limits) throw new AppError('NO_DATA');
      if (!member?.bank) throw new AppError('NO_BANK');
      const isNeeded = await isOperatorNeeded(db.kysely, {
        memberId,
        payoutMinor: amountMinor,
        limits,
        account: member.bank,
        now: clock.now(),
      });
      return { isOperatorNeeded: isNeeded, usualWaitSeconds: usualWaitSeconds(decisions) };
    },
  };
}

export type WithdrawCheckService = ReturnType<typeof createWithdrawCheckService>;
