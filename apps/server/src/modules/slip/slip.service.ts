import { randomUUID } from 'node:crypto';
import type { Slip, SlipReason } from '@mekong/contracts/deposit';
import { toMajor } from '@mekong/contracts/money';
import { parseSlipQr } from '@mekong/contracts/slip-qr';
import type { SlipVerifier, VerifiedTransfer } from '@/adapters/slip/slip-verifier.ts';
import type { AppDeps } from '@/app-deps.ts';
import { isUniqueViolation } from '@/db/pg-errors.ts';
import { AppError } from '@/lib/app-error.ts';
import { moneyStatusOf } from '@/lib/money-status.ts';
import { isInDailyWindow } from '@/lib/player-time.ts';
import { newSecretToken } from '@/lib/secure-random.ts';
import {
  creditDeposit,
  findDepositMember,
  type DepositMember,
} from '@/modules/deposit/deposit-member.ts';
import { bankTxRef } from '@/modules/deposit/bank-tx-ref.ts';
import { findTransferByExternalRef } from '@/modules/ledger/ledger.repository.ts';
import { listDepositBankAccounts } from '@/modules/lookup/lookup.repository.ts';
import { findSetting } from '@/modules/settings/settings.repository.ts';
import { isSameAccount } from '@/modules/slip/account-match.ts';
import { decodeImage, detectImageType, findQrText } from '@/modules/slip/slip-image.ts';
import {
  findSlip,
  findSlipByReference,
  findSlipImage,
  insertSlip,
  listSlips,
  updateSlip,
  type SlipRow,
} from '@/modules/slip/slip.repository.ts';

/** DESIGN D6 / spec §9: a slip must be uploaded within 1 hour of the transfer. */
export const SLIP_MAX_AGE_MS = 60 * 60_000;
/** A transfer dated this far in the future of our clock is not believed (clock skew allowance). */
const SLIP_FUTURE_SKEW_MS = 5 * 60_000;
export const SLIP_IMAGE_PATH = '/api/files/slips';

export type UploadedFile = { bytes: Buffer; isTruncated: boolean };

export function toSlipAnswer(row: SlipRow): Slip {
  return {
    _id: row.id,
    createdAt: row.createdAt.toISOString(),
    amount: toMajor(row.amountMinor),
    status: moneyStatusOf(row.status),
    note: (row.reason as SlipReason | null) ?? null,
    link: row.imageToken ? `${SLIP_IMAGE_PATH}/${row.imageToken}` : null,
    reference: row.transRef,
  };
}

/**
 * Slip uploads (DESIGN D6, spec §4). Every file that arrives is kept as a slip row with its outcome, and the answer
 * is that row: SUCCESS (credited), or FAILED with the spec's reason. Only requests with no file at all
 * (SLIP_NO_FILE), not multipart (SLIP_INVALID_FILE) or in the closed window (SLIP_CLOSED) are refused without a row.
 */
export function createSlipService(
  { db, clock, log }: Pick<AppDeps, 'db' | 'clock' | 'log'>,
  verifier: SlipVerifier,
) {
  async function operatorAccepts(transfer: VerifiedTransfer): Promise<boolean> {
    const accounts = await listDepositBankAccounts(db.kysely);
    return accounts.some(
      (a) =>
        a.numeric_code === transfer.receiver.bankCode &&
        isSameAccount(transfer.receiver, a.account_no),
    );
  }

  async function isCredited(externalRef: string): Promise<boolean> {
    return (await findTransferByExternalRef(db.kysely, 'deposit', externalRef)) !== undefined;
  }

  function isMembersAccount(member: DepositMember, transfer: VerifiedTransfer): boolean {
    return (
      member.bank !== null &&
      member.bank.numericCode === transfer.sender.bankCode &&
      isSameAccount(transfer.sender, member.bank.accountNo)
    );
  }

  /** The checks after the image: each failure is one reason; success credits once. */
  async function check(
    slipId: string,
    member: DepositMember,
    qrText: string,
  ): Promise<{ reason: SlipReason } | { transferId: string }> {
    const parsed = parseSlipQr(qrText);
    if (!parsed.ok) return { reason: 'INVALID_SLIP' };
    const { sendingBank, transRef } = parsed.slip;
    try {
      // Claims the reference: a partial unique index admits one slip being checked or credited per reference.
      await updateSlip(db.kysely, slipId, { sendingBank, transRef }, clock.now());
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      await updateSlip(
        db.kysely,
        slipId,
        { status: 'failed', reason: 'REFERENCE_DUPLICATED', sendingBank, transRef },
        clock.now(),
      );
      return { reason: 'REFERENCE_DUPLICATED' };
    }

    const externalRef = bankTxRef(sendingBank, transRef);
    // The same transfer may already be credited by the bank feed (it carries the transRef): nothing to verify.
    if (await isCredited(externalRef)) return { reason: 'REFERENCE_DUPLICATED' };

    const verified = await verifier.verify({ sendingBank, transRef });
    if (verified.kind === 'delayed') return { reason: 'REFERENCE_UNSTABLE' };
    if (verified.kind === 'not_found' || verified.kind === 'invalid')
      return { reason: 'INVALID_SLIP' };
    if (verified.kind === 'unavailable') return { reason: 'UNKNOWN' };
    const transfer = verified.transfer;
    if (transfer.transRef !== transRef || transfer.sendingBank !== sendingBank)
      return { reason: 'INVALID_SLIP' };
    await updateSlip(
      db.kysely,
      slipId,
      {
        amountMinor: transfer.amountMinor,
        verified: {
          date: transfer.date.toISOString(),
          sender: { ...transfer.sender },
          receiver: { ...transfer.receiver },
        },
      },
      clock.now(),
    );
    if (transfer.amountMinor <= 0n) return { reason: 'INVALID_SLIP' };
    if (!(await operatorAccepts(transfer))) return { reason: 'DESTINATION_ACCOUNT_INVALID' };
    if (!isMembersAccount(member, transfer)) return { reason: 'PLAYER_ACCOUNT_MISMATCH' };
    const age = clock.now().getTime() - transfer.date.getTime();
    if (age > SLIP_MAX_AGE_MS) return { reason: 'SLIP_EXPIRED' };
    if (age < -SLIP_FUTURE_SKEW_MS) return { reason: 'INVALID_SLIP' };
    if (member.currency !== 'THB') return { reason: 'UNKNOWN' };

    try {
      return await db.withTransaction(async (trx) => {
        const now = clock.now();
        const { transferId, isReplay } = await creditDeposit(trx, {
          memberId: member.id,
          currency: member.currency,
          amountMinor: transfer.amountMinor,
          externalRef,
          metadata: { channel: 'slip', sendingBank, transRef, slipId },
          now,
        });
        // The bank feed credited this transaction in the meantime (the unique reference decided): no money.
        if (isReplay) return { reason: 'REFERENCE_DUPLICATED' as const };
        await updateSlip(trx, slipId, { status: 'success', reason: null, transferId }, now);
        return { transferId };
      });
    } catch (error) {
      // Credited under this reference with other details (another member or amount): still not ours to credit.
      if (error instanceof AppError && error.code === 'IDEMPOTENCY_KEY_REUSED')
        return { reason: 'REFERENCE_DUPLICATED' };
      throw error;
    }
  }

  return {
    async upload(memberId: string, file: UploadedFile | null): Promise<Slip> {
      const window = await findSetting(db.kysely, 'slip');
      if (
        window?.closedFrom &&
        window.closedTo &&
        isInDailyWindow(clock.now(), window.closedFrom, window.closedTo)
      )
        throw new AppError('SLIP_CLOSED');
      if (!file) throw new AppError('SLIP_NO_FILE');
      const member = await findDepositMember(db.kysely, memberId);

      const id = randomUUID();
      const type = file.isTruncated ? null : detectImageType(file.bytes);
      const early: SlipReason | null = file.isTruncated
        ? 'IMAGE_SIZE_UNPROCESSABLE'
        : !type
          ? 'FILE_MISSING'
          : null;
      await insertSlip(db.kysely, {
        id,
        memberId,
        currency: member.currency,
        status: early ? 'failed' : 'processing',
        reason: early,
        // Only real images are kept, and served back at an unguessable address.
        image: type ? { bytes: file.bytes, type, token: newSecretToken() } : null,
        now: clock.now(),
      });

      if (type && !early) {
        let outcome: { reason: SlipReason } | { transferId: string };
        try {
          const image = decodeImage(file.bytes, type);
          const text = image ? findQrText(image) : null;
          outcome = !image
            ? { reason: 'IMAGE_SIZE_UNPROCESSABLE' }
            : !text
              ? { reason: 'CROPPED_IMAGE_UNREADABLE' }
              : await check(id, member, text);
        } catch (error) {
          log.error({ err: error, slipId: id }, 'slip check failed');
          outcome = { reason: 'UNKNOWN' };
        }
        if ('reason' in outcome)
          await updateSlip(
            db.kysely,
            id,
            { status: 'failed', reason: outcome.reason },
            clock.now(),
          );
      }
      const row = await findSlip(db.kysely, id);
      if (!row) throw new Error(`slip ${id} vanished`);
      return toSlipAnswer(row);
    },

    async list(memberId: string, page: { page: number; limit: number }) {
      const { total, slips } = await listSlips(db.kysely, memberId, {
        offset: (page.page - 1) * page.limit,
        limit: page.limit,
      });
      return { total, slips: slips.map(toSlipAnswer) };
    },

    async linkOf(memberId: string, reference: string): Promise<{ url: string }> {
      const row = await findSlipByReference(db.kysely, memberId, reference);
      if (!row?.imageToken) throw new AppError('NO_DATA');
      return { url: `${SLIP_IMAGE_PATH}/${row.imageToken}` };
    },

    image: (token: string) => findSlipImage(db.kysely, token),
  };
}

export type SlipService = ReturnType<typeof createSlipService>;
