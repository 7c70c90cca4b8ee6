import { randomUUID } from 'node:crypto';
import { TRUEWALLET_MINIMUM_BAHT } from '@mekong/contracts/constants';
import { decryptTrueLink, parseTrueMoneyGiftLink } from '@mekong/contracts/truelink-crypto';
import type { VoucherService } from '@/adapters/truemoney/voucher-service.ts';
import type { AppDeps } from '@/app-deps.ts';
import { isUniqueViolation } from '@/db/pg-errors.ts';
import { AppError } from '@/lib/app-error.ts';
import { creditDeposit, findDepositMember } from '@/modules/deposit/deposit-member.ts';
import { trueLinkSecret } from '@/modules/deposit/money-in-config.ts';
import { findTrueMoneyWalletNo } from '@/modules/lookup/lookup.repository.ts';

const MINIMUM_MINOR = BigInt(TRUEWALLET_MINIMUM_BAHT * 100);

/**
 * TrueMoney gift links (DESIGN D6). The voucher hash is claimed in truemoney_vouchers (unique) before the voucher
 * service is called, so two requests can never both redeem it. A voucher redeemed to the operator but refused here
 * (not from the member's phone, under 2 baht) is kept `held` with its amount: the money sits in the operator's
 * TrueMoney wallet and an operator settles it (back to the owner or to the member); it is never lost or credited
 * by itself.
 */
export function createTrueLinkService(
  { db, clock, config, log }: Pick<AppDeps, 'db' | 'clock' | 'config' | 'log'>,
  vouchers: VoucherService,
) {
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

      const outcome = await vouchers.redeem({ voucherHash: hash, mobile });
      if (outcome.kind === 'refused') {
        await settle(id, { status: 'failed', reason: outcome.code });
        throw new AppError('TRUELINK_INVALID');
      }
      if (outcome.kind === 'unknown') {
        await settle(id, { status: 'unknown', reason: 'NO_ANSWER' });
        throw new AppError('SERVICE_UNAVAILABLE');
      }
      const { voucher } = outcome;
      const owner = { ownerPhone: voucher.ownerPhone, ownerName: voucher.ownerName };
      if (voucher.ownerPhone !== member.phone) {
        await settle(id, {
          status: 'held',
          reason: 'TRUELINK_NOT_OWNER',
          amountMinor: voucher.amountMinor,
          ...owner,
        });
        log.warn({ voucherId: id, memberId }, 'gift voucher of another phone held for an operator');
        throw new AppError('TRUELINK_NOT_OWNER');
      }
      if (voucher.amountMinor < MINIMUM_MINOR) {
        await settle(id, {
          status: 'held',
          reason: 'TRUELINK_MINIMUM',
          amountMinor: voucher.amountMinor,
          ...owner,
        });
        throw new AppError('TRUELINK_MINIMUM');
      }
      const transferId = await db.withTransaction(async (trx) => {
        const now = clock.now();
        const { transferId } = await creditDeposit(trx, {
          memberId,
          currency: member.currency,
          amountMinor: voucher.amountMinor,
          externalRef: `truemoney:${hash}`,
          metadata: { channel: 'truemoney', voucherId: id },
          now,
        });
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
      return { amountMinor: voucher.amountMinor, depositId: transferId };
    },
  };
}

export type TrueLinkService = ReturnType<typeof createTrueLinkService>;
