import type { FastifyReply } from 'fastify';
import type { MoneyStatus } from '@mekong/contracts/money';
import { AppError } from '@/lib/app-error.ts';

/**
 * The answer to a call that moves money to or from an outside party: settled → 200 SUCCESS; unknown outcome or
 * waiting (left for reconciliation or approval) → 202 with `pendingMessage`; refused by the party → TRANSFER_FAIL
 * (502), the money back where it was.
 */
export function moneyAnswer<P extends string>(
  reply: FastifyReply,
  status: MoneyStatus,
  pendingMessage: P,
): 'SUCCESS' | P {
  if (status === 'FAILED') throw new AppError('TRANSFER_FAIL');
  if (status === 'PENDING') {
    void reply.code(202);
    return pendingMessage;
  }
  return 'SUCCESS';
}
