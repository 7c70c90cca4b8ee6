import { randomUUID } from 'node:crypto';
import type { Slip, SlipReason } from '@mekong/contracts/deposit';
import { toMajor } from '@mekong/contracts/money';
import { parseSlipQr } from '@mekong/contracts/slip-qr';
import type { SlipVerifier, VerifiedTransfer } from '@/adapters/slip/slip-verifier.ts';
import type { AppDeps } from '@/app-deps.ts';
import { pageWindow } from '@/db/paged.ts';
import { isUniqueViolation } from '@/db/pg-errors.ts';
import { AppError, limitError } from '@/lib/app-error.ts';
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
import {
  detectImageType,
  headerPixels,
  MAX_PIXELS,
  type ImageType,
} from '@/modules/slip/slip-image.ts';
import { inspectSlipImage } from '@/modules/slip/slip-inspect.ts';
import { createSlipLinks, type SlipLinkQuery } from '@/modules/slip/slip-links.ts';
import { createSlipReader, type SlipReaderOptions } from '@/modules/slip/slip-reader.ts';
import {
  failStaleProcessing,
  findSlip,
  findSlipByReference,
  findSlipImage,
  insertSlip,
  listSlips,
  updateSlip,
  type SlipRow,
} from '@/modules/slip/slip.repository.ts';

/** docs/design.md#deposits / docs/spec.md §9: a slip must be uploaded within 1 hour of the transfer. */
export const SLIP_MAX_AGE_MS = 60 * 60_000;
/** A transfer dated this far in the future of our clock is not believed (clock skew allowance). */
const SLIP_FUTURE_SKEW_MS = 5 * 60_000;
/** Per member (docs/spec.md §9 REQUEST_LIMIT): reading a slip costs the server, so uploads are budgeted. */
const UPLOADS_PER_MINUTE = 5;
const UPLOADS_PER_DAY = 30;
/**
 * A slip still `processing` this long after its last step was left by a process that died (an upload's deadline is
 * 300 s, the verifier's time-out 15 s): it is failed and its reference freed.
 */
export const SLIP_STALE_AFTER_MS = 15 * 60_000;

export type UploadedFile = { bytes: Buffer; isTruncated: boolean };

type Reading = { reason: SlipReason } | { qrText: string };

/**
 * Slip uploads (docs/design.md#deposits, docs/spec.md §4). Every file that is read is kept as a slip row with its outcome, and the answer
 * is that row: SUCCESS (credited), or FAILED with the spec's reason. Refused without a row: no file (SLIP_NO_FILE),
 * not multipart (SLIP_INVALID_FILE), the closed window (SLIP_CLOSED), over the member's budget (REQUEST_LIMIT_1MIN,
 * REQUEST_LIMIT), over 16 MP by its header (IMAGE_SIZE_UNPROCESSABLE) and every reader busy (SERVICE_UNAVAILABLE);
 * see docs/decisions/0011-slips-image-safety.md.
 */
export function createSlipService(
  {
    db,
    clock,
    log,
    config,
    counters,
  }: Pick<AppDeps, 'db' | 'clock' | 'log' | 'config' | 'counters'>,
  verifier: SlipVerifier,
  readerOptions: SlipReaderOptions = {},
) {
  const reader = createSlipReader(log, readerOptions);
  const links = createSlipLinks(config.SLIP_LINK_SECRET);

  function toSlipAnswer(row: SlipRow): Slip {
    return {
      _id: row.id,
      createdAt: row.createdAt.toISOString(),
      amount: toMajor(row.amountMinor),
      status: moneyStatusOf(row.status),
      note: (row.reason as SlipReason | null) ?? null,
      link: row.imageToken ? links.linkOf(row.imageToken, row.memberId, clock.now()) : null,
      reference: row.transRef,
    };
  }

  async function limitUploads(memberId: string) {
    const now = clock.now().getTime();
    const limit = await counters.consume(
      [
        { key: `slip:minute:${memberId}`, limit: UPLOADS_PER_MINUTE, windowMs: 60_000 },
        { key: `slip:day:${memberId}`, limit: UPLOADS_PER_DAY, windowMs: 24 * 60 * 60_000 },
      ],
      now,
    );
    if (!limit.isAllowed)
      throw limitError(
        limit.failedRule === 0 ? 'REQUEST_LIMIT_1MIN' : 'REQUEST_LIMIT',
        limit.retryAt,
        now,
      );
  }

  /** The image's mini-QR text, or the reason there is none. Decoding happens in a worker thread. */
  async function read(bytes: Buffer, type: ImageType): Promise<Reading> {
    const pixels = headerPixels(bytes);
    if (pixels === null) return { reason: 'IMAGE_SIZE_UNPROCESSABLE' };
    // Refused before anything is decoded or kept (a small file may claim a huge image: a decompression bomb).
    if (pixels > MAX_PIXELS) throw new AppError('IMAGE_SIZE_UNPROCESSABLE');
    const result = await reader.read({ bytes, type });
    if (result.kind === 'undecodable') return { reason: 'IMAGE_SIZE_UNPROCESSABLE' };
    return result.qrText ? { qrText: result.qrText } : { reason: 'CROPPED_IMAGE_UNREADABLE' };
  }

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

    return db.withTransaction(async (trx) => {
      const now = clock.now();
      const credit = await creditDeposit(trx, {
        memberId: member.id,
        currency: member.currency,
        amountMinor: transfer.amountMinor,
        externalRef,
        metadata: { channel: 'slip', sendingBank, transRef, slipId },
        now,
      });
      // The bank feed (or another slip) credited this transaction in the meantime: no money.
      if (credit.kind !== 'credited') return { reason: 'REFERENCE_DUPLICATED' as const };
      await updateSlip(
        trx,
        slipId,
        { status: 'success', reason: null, transferId: credit.transferId },
        now,
      );
      return { transferId: credit.transferId };
    });
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
      await limitUploads(memberId);
      const member = await findDepositMember(db.kysely, memberId);

      const type = file.isTruncated ? null : detectImageType(file.bytes);
      const reading: Reading = file.isTruncated
        ? { reason: 'IMAGE_SIZE_UNPROCESSABLE' }
        : !type
          ? { reason: 'FILE_MISSING' }
          : await read(file.bytes, type);
      const id = randomUUID();
      await insertSlip(db.kysely, {
        id,
        memberId,
        currency: member.currency,
        status: 'reason' in reading ? 'failed' : 'processing',
        reason: 'reason' in reading ? reading.reason : null,
        // Only real images are kept, served back at signed, expiring links.
        image: type ? { bytes: file.bytes, type, token: newSecretToken() } : null,
        now: clock.now(),
      });

      if ('qrText' in reading) {
        let outcome: { reason: SlipReason } | { transferId: string };
        try {
          outcome = await check(id, member, reading.qrText);
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
      const { total, slips } = await listSlips(db.kysely, memberId, pageWindow(page));
      return { total, slips: slips.map(toSlipAnswer) };
    },

    async linkOf(memberId: string, reference: string): Promise<{ url: string }> {
      const row = await findSlipByReference(db.kysely, memberId, reference);
      if (!row?.imageToken) throw new AppError('NO_DATA');
      return { url: links.linkOf(row.imageToken, memberId, clock.now()) };
    },

    /** The image a signed link names: NOT_FOUND unless signed for the slip's member, SLIP_LINK_EXPIRED once old. */
    async image(token: string, query: SlipLinkQuery) {
      const checked = links.check(token, query, clock.now());
      if (checked.kind === 'expired') throw new AppError('SLIP_LINK_EXPIRED');
      if (checked.kind === 'invalid') throw new AppError('NOT_FOUND');
      const image = await findSlipImage(db.kysely, token);
      if (!image || image.memberId !== checked.memberId) throw new AppError('NOT_FOUND');
      return image;
    },

    /** Fails slips left `processing` by a crash, freeing their references (job: slip-recovery). */
    async failStaleSlips(): Promise<string[]> {
      const now = clock.now();
      const ids = await failStaleProcessing(
        db.kysely,
        new Date(now.getTime() - SLIP_STALE_AFTER_MS),
        'UNKNOWN' satisfies SlipReason,
        now,
      );
      if (ids.length > 0) log.warn({ slipIds: ids }, 'stale processing slips failed');
      return ids;
    },

    /** An image read as a slip for an operator (the chat's slip check): nothing is credited or kept. */
    inspect: (bytes: Buffer) => inspectSlipImage(db, reader, verifier, bytes),

    close: () => reader.close(),
  };
}

export type SlipService = ReturnType<typeof createSlipService>;
