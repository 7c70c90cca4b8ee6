import type { Trx } from '@/db/database.ts';
import { isUniqueViolation } from '@/db/pg-errors.ts';
import { AppError } from '@/lib/app-error.ts';
import { openItemOrThrow } from '@/lib/open-item.ts';
import { bankTxRef } from '@/modules/deposit/bank-tx-ref.ts';
import { creditDeposit, findDepositMember } from '@/modules/deposit/deposit-member.ts';
import { decideSlip, findQueueSlip, type QueueSlip } from '@/modules/slip/slip.repository.ts';

/**
 * An operator's decision on a slip that was not credited (docs/back-office/money-in.md), inside the caller's
 * transaction. A slip whose mini-QR was read is credited under its bank transaction (`banktx:`), the reference the
 * bank feed and other slips of that transfer use, so one transfer is credited once whichever way; a slip nobody
 * could read under its own id.
 */

type Decision = { decidedBy: string; reason: string; now: Date };

export async function lockOpenSlip(trx: Trx, id: string): Promise<QueueSlip> {
  return openItemOrThrow(
    await findQueueSlip(trx, id, { isLocked: true }),
    (slip) => slip.status === 'failed' && slip.decision === null,
  );
}

/** Credits `amountMinor` (typed by the operator) or the verifier's amount to the slip's member. */
export async function creditLockedSlip(
  trx: Trx,
  slip: QueueSlip,
  typedMinor: bigint | null,
  d: Decision,
): Promise<{ transferId: string; amountMinor: bigint }> {
  const amountMinor = typedMinor ?? BigInt(slip.amount);
  if (amountMinor <= 0n) throw new AppError('DEPOSIT_AMOUNT_UNKNOWN');
  const member = await findDepositMember(trx, slip.member_id);
  const externalRef =
    slip.sending_bank && slip.trans_ref
      ? bankTxRef(slip.sending_bank, slip.trans_ref)
      : `slip:${slip.id}`;
  const credit = await creditDeposit(trx, {
    memberId: slip.member_id,
    currency: member.currency,
    amountMinor,
    externalRef,
    metadata: {
      channel: 'slip',
      sendingBank: slip.sending_bank,
      transRef: slip.trans_ref,
      slipId: slip.id,
      decidedBy: d.decidedBy,
    },
    now: d.now,
  });
  // The transfer was credited already (the bank feed, another slip): the operator refuses this one instead.
  if (credit.kind !== 'credited') throw new AppError('DEPOSIT_ALREADY_CREDITED');
  try {
    await decideSlip(
      trx,
      slip.id,
      { decision: 'credited', amountMinor, transferId: credit.transferId },
      d,
    );
  } catch (error) {
    // Another slip of this reference is being checked right now: that one decides.
    if (isUniqueViolation(error)) throw new AppError('DEPOSIT_ALREADY_CREDITED');
    throw error;
  }
  return { transferId: credit.transferId, amountMinor };
}

export async function refuseLockedSlip(trx: Trx, slip: QueueSlip, d: Decision) {
  await decideSlip(trx, slip.id, { decision: 'refused' }, d);
}
