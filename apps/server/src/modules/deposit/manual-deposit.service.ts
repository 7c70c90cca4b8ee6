import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { AppDeps } from '@/app-deps.ts';
import type { Trx } from '@/db/database.ts';
import { isUniqueViolation } from '@/db/pg-errors.ts';
import type { DepositNoticesTable } from '@/db/schema.ts';
import { AppError } from '@/lib/app-error.ts';
import { openItemOrThrow } from '@/lib/open-item.ts';
import { lockMember } from '@/modules/account/member.repository.ts';
import {
  creditDeposit,
  creditedTransferId,
  findDepositMember,
} from '@/modules/deposit/deposit-member.ts';
import { findSetting } from '@/modules/settings/settings.repository.ts';

/** Open notices a member may have at once (a notice moves no money, but each one is an operator's work). */
export const MAX_OPEN_NOTICES = 5;
/** A bank-feed credit matches a notice when it arrived from 1 hour before to 24 hours after the notice. */
const MATCH_BEFORE_MS = 60 * 60_000;
const MATCH_AFTER_MS = 24 * 60 * 60_000;

export type DepositNotice = {
  id: string;
  memberId: string;
  amountMinor: bigint;
  status: DepositNoticesTable['status'];
  incomingId: string | null;
  transferId: string | null;
  createdAt: Date;
};

async function lockNotice(trx: Trx, id: string): Promise<DepositNotice | undefined> {
  const row = await trx
    .selectFrom('deposit_notices')
    .select(['id', 'member_id', sql<string>`amount::text`.as('amount'), 'status', 'incoming_id'])
    .select(['transfer_id', 'created_at', 'currency'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  return (
    row && {
      id: row.id,
      memberId: row.member_id,
      amountMinor: BigInt(row.amount),
      status: row.status,
      incomingId: row.incoming_id,
      transferId: row.transfer_id,
      createdAt: row.created_at,
    }
  );
}

/** Links the notice to a credited bank-feed transfer of the member with its amount; the link is unique. */
async function matchOne(trx: Trx, notice: DepositNotice, now: Date): Promise<boolean> {
  const candidate = await trx
    .selectFrom('bank_incoming_transfers as i')
    .select(['i.id', 'i.transfer_id'])
    .where('i.member_id', '=', notice.memberId)
    .where('i.status', 'in', ['credited', 'resolved'])
    .where('i.amount', '=', notice.amountMinor.toString())
    .where('i.received_at', '>=', new Date(notice.createdAt.getTime() - MATCH_BEFORE_MS))
    .where('i.received_at', '<=', new Date(notice.createdAt.getTime() + MATCH_AFTER_MS))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('deposit_notices as n').select('n.id').whereRef('n.incoming_id', '=', 'i.id'),
        ),
      ),
    )
    .orderBy('i.received_at')
    .executeTakeFirst();
  if (!candidate) return false;
  await trx
    .updateTable('deposit_notices')
    .set({
      status: 'matched',
      incoming_id: candidate.id,
      transfer_id: candidate.transfer_id,
      decided_by: 'bank-feed',
      updated_at: now,
    })
    .where('id', '=', notice.id)
    .execute();
  return true;
}

/** The notice, locked in the caller's transaction, while it waits for a decision (the back office). */
export async function lockOpenNotice(trx: Trx, id: string): Promise<DepositNotice> {
  return openItemOrThrow(await lockNotice(trx, id), (notice) => notice.status === 'pending');
}

/**
 * Confirms a locked pending notice: matched to the bank feed's credit of it when there is one (no second credit),
 * else credited once under `notice:<id>`.
 */
export async function confirmLockedNotice(
  trx: Trx,
  notice: DepositNotice,
  operator: string,
  now: Date,
): Promise<DepositNotice> {
  if (await matchOne(trx, notice, now)) return (await lockNotice(trx, notice.id)) ?? notice;
  const member = await findDepositMember(trx, notice.memberId);
  const transferId = creditedTransferId(
    await creditDeposit(trx, {
      memberId: notice.memberId,
      currency: member.currency,
      amountMinor: notice.amountMinor,
      externalRef: `notice:${notice.id}`,
      metadata: { channel: 'manual', noticeId: notice.id, confirmedBy: operator },
      now,
    }),
  );
  await trx
    .updateTable('deposit_notices')
    .set({ status: 'confirmed', transfer_id: transferId, decided_by: operator, updated_at: now })
    .where('id', '=', notice.id)
    .execute();
  return { ...notice, status: 'confirmed' as const, transferId };
}

export async function rejectLockedNotice(
  trx: Trx,
  notice: DepositNotice,
  operator: string,
  now: Date,
): Promise<DepositNotice> {
  await trx
    .updateTable('deposit_notices')
    .set({ status: 'rejected', decided_by: operator, updated_at: now })
    .where('id', '=', notice.id)
    .execute();
  return { ...notice, status: 'rejected' as const };
}

/**
 * Manual deposit notices (POST /api/wallet/add, used when the deposit lookup's isManual is on). A notice moves no
 * money by itself. It is settled one of two ways, each exactly once:
 * - the bank feed already credited the member a transfer of that amount from their registered account (within
 *   1 h before to 24 h after the notice): the notice is `matched` to it and nothing more is credited;
 * - an operator confirms it (`confirmManualDeposit`): a deposit is posted with external reference
 *   `notice:<id>` (unique), or rejects it.
 */
export function createManualDepositService({
  db,
  clock,
  log,
}: Pick<AppDeps, 'db' | 'clock' | 'log'>) {
  /** The member's notice sent earlier under that idempotency key, if any. */
  async function findNoticeIdByKey(memberId: string, idempotencyKey: string) {
    const seen = await db.kysely
      .selectFrom('deposit_notices')
      .select('id')
      .where('member_id', '=', memberId)
      .where('idempotency_key', '=', idempotencyKey)
      .executeTakeFirst();
    return seen?.id;
  }

  async function get(id: string): Promise<DepositNotice> {
    const notice = await db.withTransaction((trx) => lockNotice(trx, id));
    if (!notice) throw new AppError('NOT_FOUND');
    return notice;
  }

  return {
    get,

    async notify(
      memberId: string,
      amountMinor: bigint,
      idempotencyKey: string | null,
    ): Promise<DepositNotice> {
      const deposit = await findSetting(db.kysely, 'deposit');
      if (!deposit?.isManual) throw new AppError('MANUAL_DEPOSIT_OFF');
      const member = await findDepositMember(db.kysely, memberId);
      if (idempotencyKey) {
        const seenId = await findNoticeIdByKey(memberId, idempotencyKey);
        if (seenId) return get(seenId);
      }
      const id = randomUUID();
      try {
        await db.withTransaction(async (trx) => {
          // Serialises this member's notices, so the open-notice cap holds under parallel requests.
          await lockMember(trx, memberId);
          const open = await trx
            .selectFrom('deposit_notices')
            .select((eb) => eb.fn.countAll<string | number>().as('n'))
            .where('member_id', '=', memberId)
            .where('status', '=', 'pending')
            .executeTakeFirstOrThrow();
          if (Number(open.n) >= MAX_OPEN_NOTICES) throw new AppError('REQUEST_LIMIT');
          const now = clock.now();
          await trx
            .insertInto('deposit_notices')
            .values({
              id,
              member_id: memberId,
              amount: amountMinor,
              currency: member.currency,
              idempotency_key: idempotencyKey,
              status: 'pending',
              created_at: now,
              updated_at: now,
            })
            .execute();
        });
      } catch (error) {
        if (idempotencyKey && isUniqueViolation(error, 'deposit_notices_idempotency_key')) {
          const seenId = await findNoticeIdByKey(memberId, idempotencyKey);
          if (seenId) return get(seenId);
        }
        throw error;
      }
      return get(id);
    },

    /** Job: matches open notices with the bank feed's credits (run after the feed). */
    async matchWithBankFeed(): Promise<{ matched: number }> {
      const open = await db.kysely
        .selectFrom('deposit_notices')
        .select('id')
        .where('status', '=', 'pending')
        .orderBy('created_at')
        .limit(500)
        .execute();
      let matched = 0;
      for (const { id } of open) {
        const isMatched = await db.withTransaction(async (trx) => {
          const notice = await lockNotice(trx, id);
          return notice?.status === 'pending' ? matchOne(trx, notice, clock.now()) : false;
        });
        if (isMatched) matched += 1;
      }
      if (matched > 0) log.info({ matched }, 'manual deposit notices matched with the bank feed');
      return { matched };
    },

    /**
     * An operator confirms a notice (the back office calls this): credits it once. A notice the bank feed already
     * credited is matched instead (no second credit); confirming twice returns it as it is.
     */
    async confirmManualDeposit(noticeId: string, operator: string): Promise<DepositNotice> {
      return db.withTransaction(async (trx) => {
        const notice = await lockNotice(trx, noticeId);
        if (!notice) throw new AppError('NOT_FOUND');
        if (notice.status === 'confirmed' || notice.status === 'matched') return notice;
        if (notice.status !== 'pending') throw new AppError('INVALID_REQUEST');
        return confirmLockedNotice(trx, notice, operator, clock.now());
      });
    },

    async rejectManualDeposit(noticeId: string, operator: string): Promise<DepositNotice> {
      return db.withTransaction(async (trx) => {
        const notice = await lockNotice(trx, noticeId);
        if (!notice) throw new AppError('NOT_FOUND');
        if (notice.status === 'rejected') return notice;
        if (notice.status !== 'pending') throw new AppError('INVALID_REQUEST');
        return rejectLockedNotice(trx, notice, operator, clock.now());
      });
    },
  };
}

export type ManualDepositService = ReturnType<typeof createManualDepositService>;
