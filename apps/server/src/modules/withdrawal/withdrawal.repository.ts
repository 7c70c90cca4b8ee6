import type { LedgerCurrency } from '@mekong/contracts/constants';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Queryable, Trx } from '@/db/database.ts';
import { toDomainRow } from '@/db/domain-row.ts';
import { readPage, type PageWindow } from '@/db/paged.ts';
import type { Database, WithdrawalStatus, WithdrawalsTable } from '@/db/schema.ts';
import { finder, lockableFinder } from '@/db/finders.ts';
import { playerDayOf } from '@/db/player-day.ts';
import { hasAnyRow } from '@/db/any-row.ts';

export type Withdrawal = {
  id: string;
  memberId: string;
  transferId: string;
  idempotencyKey: string;
  groupId: string | null;
  amountMinor: bigint;
  currency: LedgerCurrency;
  bankCode: string;
  accountNo: string;
  accountName: string;
  status: WithdrawalStatus;
  failureCode: string | null;
  payoutAttempts: number;
  lastPayoutAt: Date | null;
  decidedBy: string | null;
  decidedAt: Date | null;
  decisionNote: string | null;
  createdAt: Date;
};

const select = (db: Queryable) => db.selectFrom('withdrawals').selectAll();

const toWithdrawal = (r: Selectable<WithdrawalsTable>): Withdrawal => toDomainRow(r);

export const findWithdrawal = lockableFinder(
  (db: Queryable, id: string) => select(db).where('id', '=', id),
  toWithdrawal,
);

export const findWithdrawalByKey = finder(
  (db: Queryable, memberId: string, idempotencyKey: string) =>
    select(db).where('member_id', '=', memberId).where('idempotency_key', '=', idempotencyKey),
  toWithdrawal,
);

/** Withdrawals since `from` that still count against the daily limits (all but failed and rejected ones). */
export async function sumWithdrawalsSince(
  db: Queryable,
  memberId: string,
  from: Date,
): Promise<{ count: number; amountMinor: bigint }> {
  const row = await db
    .selectFrom('withdrawals')
    .select([
      (eb) => eb.fn.countAll<string | number>().as('n'),
      sql<string>`coalesce(sum(amount), 0)::text`.as('total'),
    ])
    .where('member_id', '=', memberId)
    .where('created_at', '>=', from)
    .where('status', 'not in', ['failed', 'rejected'])
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), amountMinor: BigInt(row.total) };
}

/** The payout account of each of the member's withdrawals recorded under these ledger transfers (statement rows). */
export async function listPayoutAccounts(
  db: Queryable,
  memberId: string,
  transferIds: readonly string[],
): Promise<{ transferId: string; bankCode: string; accountNo: string }[]> {
  if (transferIds.length === 0) return [];
  const rows = await db
    .selectFrom('withdrawals')
    .select(['transfer_id', 'bank_code', 'account_no'])
    .where('member_id', '=', memberId)
    .where('transfer_id', 'in', [...transferIds])
    .execute();
  return rows.map((r) => ({
    transferId: r.transfer_id,
    bankCode: r.bank_code,
    accountNo: r.account_no,
  }));
}

export async function insertWithdrawal(trx: Trx, w: Withdrawal): Promise<void> {
  await trx
    .insertInto('withdrawals')
    .values({
      id: w.id,
      member_id: w.memberId,
      transfer_id: w.transferId,
      idempotency_key: w.idempotencyKey,
      group_id: w.groupId,
      amount: w.amountMinor,
      currency: w.currency,
      bank_code: w.bankCode,
      account_no: w.accountNo,
      account_name: w.accountName,
      status: w.status,
      failure_code: w.failureCode,
      payout_attempts: w.payoutAttempts,
      last_payout_at: w.lastPayoutAt,
      decided_by: w.decidedBy,
      decided_at: w.decidedAt,
      decision_note: w.decisionNote,
      created_at: w.createdAt,
      updated_at: w.createdAt,
    })
    .execute();
}

export async function updateWithdrawal(
  db: Queryable,
  id: string,
  changes: {
    status?: WithdrawalStatus;
    failureCode?: string | null;
    decidedBy?: string;
    decidedAt?: Date;
    decisionNote?: string | null;
  },
  now: Date,
): Promise<void> {
  await db
    .updateTable('withdrawals')
    .set({
      updated_at: now,
      ...(changes.status !== undefined ? { status: changes.status } : {}),
      ...(changes.failureCode !== undefined ? { failure_code: changes.failureCode } : {}),
      ...(changes.decidedBy !== undefined ? { decided_by: changes.decidedBy } : {}),
      ...(changes.decidedAt !== undefined ? { decided_at: changes.decidedAt } : {}),
      ...(changes.decisionNote !== undefined ? { decision_note: changes.decisionNote } : {}),
    })
    .where('id', '=', id)
    .execute();
}

/**
 * Changes a payout still being paid out with `attempts` recorded (compare-and-set): an attempt about to be sent, or the
 * hold for an operator after the last re-send. False when it changed meanwhile (settled, or another process sent it).
 */
async function changePayoutIfUnchanged(
  db: Kysely<Database>,
  id: string,
  attempts: number,
  change: 'attempt' | 'hold',
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('withdrawals')
    .set((eb) =>
      change === 'attempt'
        ? { payout_attempts: eb('payout_attempts', '+', 1), last_payout_at: now, updated_at: now }
        : { status: 'pending_approval', updated_at: now },
    )
    .where('id', '=', id)
    .where('status', '=', 'processing')
    .where('payout_attempts', '=', attempts)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Records a payout attempt about to be sent; false means another process is sending it, so this one must not. */
export const markPayoutAttempt = (db: Kysely<Database>, id: string, attempts: number, now: Date) =>
  changePayoutIfUnchanged(db, id, attempts, 'attempt', now);

/** A payout re-sent as often as allowed waits for an operator instead of being sent again. */
export const holdPayoutForApproval = (
  db: Kysely<Database>,
  id: string,
  attempts: number,
  now: Date,
) => changePayoutIfUnchanged(db, id, attempts, 'hold', now);

/** Payouts whose outcome is not known and whose last attempt is older than `before`, oldest first. */
export async function listUnsettledPayouts(
  db: Kysely<Database>,
  before: Date,
  limit: number,
): Promise<Withdrawal[]> {
  const rows = await select(db)
    .where('status', '=', 'processing')
    // A just-approved withdrawal counts from its approval, not its (older) creation.
    .where(sql<boolean>`coalesce(last_payout_at, decided_at, created_at) < ${before}`)
    .orderBy('created_at')
    .limit(limit)
    .execute();
  return rows.map(toWithdrawal);
}

/** Withdrawals waiting for an operator, oldest first (for the back office). */
export async function listAwaitingApproval(
  db: Kysely<Database>,
  limit: number,
): Promise<Withdrawal[]> {
  const rows = await select(db)
    .where('status', '=', 'pending_approval')
    .orderBy('created_at')
    .limit(limit)
    .execute();
  return rows.map(toWithdrawal);
}

/** Whether an operator approved a withdrawal of the member at or after `since` (and did not refuse it). */
export async function hasApprovedWithdrawalSince(
  db: Queryable,
  memberId: string,
  since: Date,
): Promise<boolean> {
  return hasAnyRow(
    db
      .selectFrom('withdrawals')
      .where((eb) =>
        eb.and([
          eb('member_id', '=', memberId),
          eb('decided_by', 'is not', null),
          eb('decided_at', '>=', since),
          eb('status', 'in', ['processing', 'succeeded', 'failed']),
        ]),
      ),
  );
}

/** One page of the member's withdrawals, newest first (the back office's member page). */
export async function listMemberWithdrawals(
  db: Queryable,
  memberId: string,
  page: PageWindow,
): Promise<{ total: number; rows: Withdrawal[] }> {
  const { total, rows } = await readPage(
    db.selectFrom('withdrawals').where('member_id', '=', memberId),
    (base) => base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'),
    page,
  );
  return { total, rows: rows.map(toWithdrawal) };
}

/** Withdrawals requested in [start, end), counted and summed per players' day, currency and current status. */
export async function sumWithdrawalsByDay(
  db: Queryable,
  start: Date,
  end: Date,
): Promise<
  {
    day: number;
    currency: LedgerCurrency;
    status: WithdrawalStatus;
    count: number;
    amountMinor: bigint;
  }[]
> {
  const rows = await db
    .selectFrom('withdrawals')
    .select([
      playerDayOf('created_at').as('day'),
      'currency',
      'status',
      (eb) => eb.fn.countAll<string | number>().as('n'),
      sql<string>`sum(amount)::text`.as('total'),
    ])
    .where('created_at', '>=', start)
    .where('created_at', '<', end)
    .groupBy([sql`1`, 'currency', 'status'])
    .execute();
  return rows.map((r) => ({
    day: Number(r.day),
    currency: r.currency,
    status: r.status,
    count: Number(r.n),
    amountMinor: BigInt(r.total),
  }));
}

/**
 * A page of the withdrawals requested in [start, end) that went to the bank (processing, succeeded, failed), by id
 * after `afterId`: what the reconciliation asks the bank about.
 */
export async function listSentWithdrawals(
  db: Queryable,
  options: { start: Date; end: Date; afterId: string | null; limit: number },
): Promise<Withdrawal[]> {
  let query = select(db)
    .where('created_at', '>=', options.start)
    .where('created_at', '<', options.end)
    .where('status', 'in', ['processing', 'succeeded', 'failed'])
    .orderBy('id')
    .limit(options.limit);
  if (options.afterId) query = query.where('id', '>', options.afterId);
  return (await query.execute()).map(toWithdrawal);
}
