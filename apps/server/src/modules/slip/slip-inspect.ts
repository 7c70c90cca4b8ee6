import { parseSlipQr } from '@mekong/contracts/slip-qr';
import type { SlipVerifier } from '@/adapters/slip/slip-verifier.ts';
import type { Db } from '@/db/database.ts';
import { bankTxRef } from '@/modules/deposit/bank-tx-ref.ts';
import { findTransferByExternalRef } from '@/modules/ledger/ledger.repository.ts';
import { detectImageType, headerPixels, MAX_PIXELS } from '@/modules/slip/slip-image.ts';
import type { SlipReader } from '@/modules/slip/slip-reader.ts';
import { findSlipByTransRef } from '@/modules/slip/slip.repository.ts';

/** What an image holds as a slip, for an operator; nothing is credited or kept. */
export type SlipInspection = {
  result: 'READ' | 'NO_QR' | 'NOT_SLIP' | 'UNREADABLE';
  reference: string | null;
  amountMinor: string | null;
  transferredAt: string | null;
  senderBank: string | null;
  receiverAccount: string | null;
  existing: { kind: string; id: string; status: string } | null;
};

const nothing = (result: SlipInspection['result']): SlipInspection => ({
  result,
  reference: null,
  amountMinor: null,
  transferredAt: null,
  senderBank: null,
  receiverAccount: null,
  existing: null,
});

/**
 * Reads an image as the slip upload does (the QR found in a worker thread, the verifier asked) and says whether its
 * reference is already credited or held by a slip (docs/decisions/0015-support-chat.md#agents).
 */
export async function inspectSlipImage(
  db: Db,
  reader: SlipReader,
  verifier: SlipVerifier,
  bytes: Buffer,
): Promise<SlipInspection> {
  const type = detectImageType(bytes);
  const pixels = type ? headerPixels(bytes) : null;
  if (!type || pixels === null || pixels > MAX_PIXELS) return nothing('UNREADABLE');
  const read = await reader.read({ bytes, type });
  if (read.kind === 'undecodable') return nothing('UNREADABLE');
  if (!read.qrText) return nothing('NO_QR');
  const parsed = parseSlipQr(read.qrText);
  if (!parsed.ok) return nothing('NOT_SLIP');
  const { sendingBank, transRef } = parsed.slip;
  const [credited, slip, verified] = await Promise.all([
    findTransferByExternalRef(db.kysely, 'deposit', bankTxRef(sendingBank, transRef)),
    findSlipByTransRef(db.kysely, sendingBank, transRef),
    verifier.verify({ sendingBank, transRef }),
  ]);
  const transfer = verified.kind === 'verified' ? verified.transfer : null;
  return {
    result: 'READ',
    reference: transRef,
    amountMinor: transfer ? transfer.amountMinor.toString() : null,
    transferredAt: transfer ? transfer.date.toISOString() : null,
    senderBank: sendingBank,
    receiverAccount: transfer ? transfer.receiver.maskedAccountNo : null,
    existing: credited
      ? { kind: 'deposit', id: credited.id, status: 'credited' }
      : slip
        ? { kind: 'slip', id: slip.id, status: slip.status }
        : null,
  };
}
