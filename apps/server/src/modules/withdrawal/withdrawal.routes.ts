import type { FastifyInstance, FastifyReply } from 'fastify';
import { toMinor } from '@mekong/contracts/money';
import { walletWithdraw, walletWithdrawAll } from '@mekong/contracts/wallet';
import { contractRoute, type ApiRouteTable } from '@/lib/contract-route.ts';
import { idempotencyKeyOf } from '@/lib/idempotency-key.ts';
import { moneyAnswer } from '@/lib/money-answer.ts';
import type {
  WithdrawalService,
  WithdrawOutcome,
} from '@/modules/withdrawal/withdrawal.service.ts';
import { sessionOf } from '@/plugins/sessions.ts';

/** Paid: 200 SUCCESS. On its way or waiting for approval: 202 WITHDRAW_PENDING. Refused by the bank: TRANSFER_FAIL. */
function answer(reply: FastifyReply, outcome: WithdrawOutcome) {
  return { message: moneyAnswer(reply, outcome.status, 'WITHDRAW_PENDING'), ...outcome };
}

export function registerWithdrawalRoutes(
  app: FastifyInstance,
  routes: ApiRouteTable,
  withdrawals: WithdrawalService,
) {
  // Both calls take the same body and give the same answer; only the service step differs.
  const calls = [
    [walletWithdraw, withdrawals.withdraw],
    [walletWithdrawAll, withdrawals.withdrawAll],
  ] as const;
  for (const [contract, withdraw] of calls) {
    contractRoute(app, routes, {
      contract,
      handler: async ({ body, request, reply }) => {
        const key = idempotencyKeyOf(request);
        const outcome = await withdraw(sessionOf(request).memberId, toMinor(body.amount), key);
        return answer(reply, outcome);
      },
    });
  }
}
