import type { Trx } from '@/db/database.ts';
import { AppError } from '@/lib/app-error.ts';
import { openItemOrThrow } from '@/lib/open-item.ts';
import { creditDeposit, findDepositMember } from '@/modules/deposit/deposit-member.ts';
import {
  decideQr,
  decideVoucher,
  findQrForQueue,
  findVoucherForQueue,
  type QrRow,
  type VoucherRow,
} from '@/modules/deposit/deposit-queue.repository.ts';

/**
 * An operator's decision on a held QR payment or gift voucher (docs/back-office/money-in.md), inside the caller's
 * transaction: the row is locked and must still be held; a credit goes through the one deposit credit under the same
 * external reference the automatic path uses, so it can never be credited twice, and earns what any deposit earns.
 */

export type Decision = { decidedBy: string; reason: string; now: Date };

/** A credit of an outside payment that only this item can claim: any other outcome is a double credit refused. */
function transferIdOf(credit: Awaited<ReturnType<typeof creditDeposit>>): string {
  if (credit.kind !== 'credited') throw new AppError('DEPOSIT_ALREADY_CREDITED');
  return credit.transferId;
}

/** The held item, locked, while it is still held. */
async function lockHeld<R extends { status: string }>(
  find: (trx: Trx, id: string, options: { isLocked: boolean }) => Promise<R | undefined>,
  trx: Trx,
  id: string,
): Promise<R> {
  return openItemOrThrow(await find(trx, id, { isLocked: true }), (row) => row.status === 'held');
}

/** Credits a held item's amount to its member through the one deposit credit; answers the transfer. */
async function creditHeld(
  trx: Trx,
  item: { member_id: string; amount: string | number | bigint },
  externalRef: string,
  metadata: Record<string, unknown>,
  now: Date,
) {
  const member = await findDepositMember(trx, item.member_id);
  const amountMinor = BigInt(item.amount);
  const transferId = transferIdOf(
    await creditDeposit(trx, {
      memberId: item.member_id,
      currency: member.currency,
      amountMinor,
      externalRef,
      metadata,
      now,
    }),
  );
  return { transferId, amountMinor };
}

export const lockHeldQr = (trx: Trx, id: string): Promise<QrRow> =>
  lockHeld(findQrForQueue, trx, id);

/** Credits the amount the gateway says was paid (not the amount the QR asked for) to the QR's member. */
export async function creditHeldQr(trx: Trx, qr: QrRow, d: Decision) {
  // Held while its cancel met a payment: the gateway's notice (with the amount) has not come; it credits itself.
  if (qr.paid_amount === null) throw new AppError('DEPOSIT_AMOUNT_UNKNOWN');
  const credit = await creditHeld(
    trx,
    { member_id: qr.member_id, amount: qr.paid_amount },
    `qr:${qr.provider}:${qr.reference}`,
    {
      channel: 'qr',
      provider: qr.provider,
      reference: qr.reference,
      transactionId: qr.transaction_id,
      decidedBy: d.decidedBy,
    },
    d.now,
  );
  await decideQr(trx, qr.id, { status: 'paid', transferId: credit.transferId }, d);
  return credit;
}

/** The money stays with the operator, to be returned outside the system; the row says who refused it and why. */
export async function refuseHeldQr(trx: Trx, qr: QrRow, d: Decision) {
  if (qr.paid_amount === null) throw new AppError('DEPOSIT_AMOUNT_UNKNOWN');
  await decideQr(trx, qr.id, { status: 'refused' }, d);
}

export const lockHeldVoucher = (trx: Trx, id: string): Promise<VoucherRow> =>
  lockHeld(findVoucherForQueue, trx, id);

/** Credits the voucher's redeemed amount to the member who sent it, under the voucher's own reference. */
export async function creditHeldVoucher(trx: Trx, voucher: VoucherRow, d: Decision) {
  if (voucher.amount === null) throw new AppError('DEPOSIT_AMOUNT_UNKNOWN');
  const credit = await creditHeld(
    trx,
    { member_id: voucher.member_id, amount: voucher.amount },
    `truemoney:${voucher.voucher_hash}`,
    { channel: 'truemoney', voucherId: voucher.id, decidedBy: d.decidedBy },
    d.now,
  );
  await decideVoucher(trx, voucher.id, { status: 'credited', transferId: credit.transferId }, d);
  return credit;
}

export async function refuseHeldVoucher(trx: Trx, voucher: VoucherRow, d: Decision) {
  await decideVoucher(trx, voucher.id, { status: 'refused' }, d);
}
