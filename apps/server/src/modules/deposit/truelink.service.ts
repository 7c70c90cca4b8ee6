import { randomUUID } from 'node:crypto';
import { TRUEWALLET_MINIMUM_BAHT } from '@mekong/contracts/constants';
import { decryptTrueLink, parseTrueMoneyGiftLink } from '@mekong/contracts/truelink-crypto';
import type { MessageCode } from '@mekong/contracts/messages';
import type { RedeemOutcome, VoucherService } from '@/adapters/truemoney/voucher-service.ts';
import type { AppDeps } from '@/app-deps.ts';
import { isUniqueViolation } from '@/db/pg-errors.ts';
import { AppError } from '@/lib/app-error.ts';
import {
  creditDeposit,
  creditedTransferId,
  findDepositMember,
  type DepositMember,
} from '@/modules/deposit/deposit-member.ts';
import { trueLinkSecret } from '@/modules/deposit/money-in-config.ts';
import { isStillRedeeming, listStaleRedeeming } from '@/modules/deposit/voucher.repository.ts';
import { createJobLeases } from '@/modules/job-lease/job-lease.service.ts';
import { findTrueMoneyWalletNo } from '@/modules/lookup/lookup.repository.ts';

const MINIMUM_MINOR = BigInt(TRUEWALLET_MINIMUM_BAHT * 100);
/** A voucher `redeeming` this long was left by a process that died (the service's time-out is 15 s). */
export const VOUCHER_STALE_AFTER_MS = 5 * 60_000;
const RECOVERY_BATCH = 50;
/** Longer than a redeem call may take (its timeout is at most 2 minutes): the lease outlives the call it guards. */
const VOUCHER_LEASE_MS = 5 * 60_000;

/**
 * TrueMoney gift links (docs/design.md#deposits). The voucher hash is claimed in truemoney_vouchers (unique) before the voucher
 * service is called, so two requests can never both redeem it. A voucher redeemed to the operator but refused here
 * (not from the member's phone, under 2 baht) is kept `held` with its amount: the money sits in the operator's
 * TrueMoney wallet and an operator settles it (back to the owner or to the member); it is never lost or credited
 * by itself.
 */
export function createTrueLinkService(
  { db, clock, config, log }: Pick<AppDeps, 'db' | 'clock' | 'config' | 'log'>,
  vouchers: VoucherService,
) {
  const leases = createJobLeases({ db, clock });

  async function receiverPhone(): Promise<string> {
    if (config.TRUEMONEY_RECEIVER_PHONE) return config.TRUEMONEY_RECEIVER_PHONE;
    const walletNo = await findTrueMoneyWalletNo(db.kysely);
    if (walletNo === undefined) throw new AppError('SERVICE_UNAVAILABLE');
    return walletNo;
  }

  /** Claims the hash for this member; false when it is used (or being used) here. */
  async function claim(hash: string, memberId: string): Promise<string | null> {
    const now = clock.now();
    const id = randomUUID();
    try {
      await db.kysely
        .insertInto('truemoney_vouchers')
        .values({
          id,
          voucher_hash: hash,
          member_id: memberId,
          status: 'redeeming',
          created_at: now,
          updated_at: now,
        })
        .execute();
      return id;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
    // Seen before. A definite failure (nothing redeemed) may be tried again by anyone; an unknown outcome only by
    // the member who sent it (the retry learns whether it was redeemed). Conditional update: one winner.
    const reclaimed = await db.kysely
      .updateTable('truemoney_vouchers')
      .set({ status: 'redeeming', member_id: memberId, reason: null, updated_at: now })
      .where('voucher_hash', '=', hash)
      .where((eb) =>
        eb.or([
          eb('status', '=', 'failed'),
          eb.and([eb('status', '=', 'unknown'), eb('member_id', '=', memberId)]),
        ]),
      )
      .returning('id')
      .executeTakeFirst();
    return reclaimed?.id ?? null;
  }

  async function settle(
    id: string,
    changes: {
      status: 'failed' | 'unknown' | 'held';
      reason: string;
      amountMinor?: bigint;
      ownerPhone?: string | null;
      ownerName?: string | null;
    },
  ) {
    await db.kysely
      .updateTable('truemoney_vouchers')
      .set({
        status: changes.status,
        reason: changes.reason,
        ...(changes.amountMinor !== undefined ? { amount: changes.amountMinor } : {}),
        ...(changes.ownerPhone !== undefined ? { owner_phone: changes.ownerPhone } : {}),
        ...(changes.ownerName !== undefined ? { owner_name: changes.ownerName } : {}),
        updated_at: clock.now(),
      })
      .where('id', '=', id)
      .execute();
  }

  /**
   * Settles a claimed voucher by the service's answer to its redeem: credited once (the ledger reference is the
   * voucher hash), held for an operator, failed, or unknown. Returns the credit, or the code the member is answered.
   */
  async function finish(
    id: string,
    hash: string,
    member: DepositMember,
    outcome: RedeemOutcome,
  ): Promise<{ amountMinor: bigint; transferId: string } | { code: MessageCode }> {
    if (outcome.kind === 'refused') {
      await settle(id, { status: 'failed', reason: outcome.code });
      return { code: 'TRUELINK_INVALID' };
    }
    if (outcome.kind === 'unknown') {
      await settle(id, { status: 'unknown', reason: 'NO_ANSWER' });
      return { code: 'SERVICE_UNAVAILABLE' };
    }
    const { voucher } = outcome;
    const owner = { ownerPhone: voucher.ownerPhone, ownerName: voucher.ownerName };
    const held =
      voucher.ownerPhone !== member.phone
        ? 'TRUELINK_NOT_OWNER'
        : voucher.amountMinor < MINIMUM_MINOR
          ? 'TRUELINK_MINIMUM'
          : null;
    if (held) {
      await settle(id, {
        status: 'held',
        reason: held,
        amountMinor: voucher.amountMinor,
        ...owner,
      });
      log.warn(
        { voucherId: id, memberId: member.id, reason: held },
        'gift voucher held for an operator',
      );
      return { code: held };
    }
    const transferId = await db.withTransaction(async (trx) => {
      const now = clock.now();
      const transferId = creditedTransferId(
        await creditDeposit(trx, {
          memberId: member.id,
          currency: member.currency,
          amountMinor: voucher.amountMinor,
          externalRef: `truemoney:${hash}`,
          metadata: { channel: 'truemoney', voucherId: id },
          now,
        }),
      );
      await trx
        .updateTable('truemoney_vouchers')
        .set({
          status: 'credited',
          reason: null,
          amount: voucher.amountMinor,
          owner_phone: voucher.ownerPhone,
          owner_name: voucher.ownerName,
          transfer_id: transferId,
          updated_at: now,
        })
        .where('id', '=', id)
        .execute();
      return transferId;
    });
    return { amountMinor: voucher.amountMinor, transferId };
  }

  return {
    async redeem(
      memberId: string,
      encryptedLink: string,
    ): Promise<{ amountMinor: bigint; depositId: string }> {
      const link = await decryptTrueLink(encryptedLink, trueLinkSecret(config));
      const hash = link === null ? null : parseTrueMoneyGiftLink(link);
      if (!hash) throw new AppError('TRUELINK_INVALID');
      const member = await findDepositMember(db.kysely, memberId);
      if (member.currency !== 'THB') throw new AppError('TRUELINK_INVALID');
      const mobile = await receiverPhone();

      const id = await claim(hash, memberId);
      if (!id) throw new AppError('TRUELINK_DUPLICATE');

      const done = await finish(
        id,
        hash,
        member,
        await vouchers.redeem({ voucherHash: hash, mobile }),
      );
      if ('code' in done) throw new AppError(done.code);
      return { amountMinor: done.amountMinor, depositId: done.transferId };
    },

    /**
     * Vouchers left `redeeming` by a process that died mid-call: the redeem is asked again (the service answers a
     * voucher already redeemed to this number with the voucher, so the retry is safe) and settled as the member's
     * call would have been. Each is leased first (a job lease, docs/design.md#jobs), so two processes never settle one
     * together.
     */
    async recoverStuck(): Promise<number> {
      const now = clock.now();
      const stuck = await listStaleRedeeming(
        db.kysely,
        new Date(now.getTime() - VOUCHER_STALE_AFTER_MS),
        RECOVERY_BATCH,
      );
      let settled = 0;
      for (const row of stuck) {
        const leased = await leases.withLease(
          'voucher-recovery',
          row.id,
          VOUCHER_LEASE_MS,
          async () => {
            // The holder before may have settled it.
            if (!(await isStillRedeeming(db.kysely, row.id))) return false;
            const member = await findDepositMember(db.kysely, row.memberId);
            const outcome = await vouchers.redeem({
              voucherHash: row.voucherHash,
              mobile: await receiverPhone(),
            });
            await finish(row.id, row.voucherHash, member, outcome);
            return true;
          },
        );
        if (leased.isLeased && leased.value) settled += 1;
      }
      if (settled > 0) log.warn({ settled }, 'stuck gift vouchers settled');
      return settled;
    },
  };
}

export type TrueLinkService = ReturnType<typeof createTrueLinkService>;
