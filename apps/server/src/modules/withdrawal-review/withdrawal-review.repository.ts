import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Queryable, Trx } from '@/db/database.ts';
import { pageWindow, readPage } from '@/db/paged.ts';
import type { Database } from '@/db/schema.ts';

/** How long after a change of the payout account a withdrawal counts as held for it (withdrawal/payout-approval.ts). */
const ACCOUNT_HOLD = '24 hours';

export type QueueFilter = {
  member?: string | undefined;
  minAmountMinor?: number | undefined;
  maxAmountMinor?: number | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
};

export type Paging = { page: number; limit: number };

/** A withdrawal row with its member and payout account, for the queues. */
function queueRows(db: Queryable) {
  return db
    .selectFrom('withdrawals as w')
    .innerJoin('members as m', 'm.id', 'w.member_id')
    .leftJoin('member_bank_accounts as b', 'b.member_id', 'w.member_id')
    .leftJoin('withdrawal_approvals as a', 'a.withdrawal_id', 'w.id');
}

type QueueQuery = ReturnType<typeof queueRows>;

function withCommonFilter(query: QueueQuery, f: QueueFilter): QueueQuery {
  let q = query;
  if (f.member) {
    const member = f.member;
    q = q.where((eb) => eb.or([eb('m.phone', '=', member), eb('m.public_id', '=', member)]));
  }
  if (f.minAmountMinor !== undefined) q = q.where('w.amount', '>=', String(f.minAmountMinor));
  if (f.maxAmountMinor !== undefined) q = q.where('w.amount', '<=', String(f.maxAmountMinor));
  if (f.from) q = q.where('w.created_at', '>=', f.from);
  if (f.to) q = q.where('w.created_at', '<', f.to);
  return q;
}

const isAccountChanged = sql<boolean>`(b.changed_at is not null and b.changed_at <= w.created_at
  and w.created_at < b.changed_at + ${ACCOUNT_HOLD}::interval)`;

function selectQueueColumns(query: QueueQuery) {
  return query.select([
    'w.id',
    'w.member_id',
    'm.public_id',
    'm.phone',
    'm.name',
    'w.amount',
    'w.currency',
    'w.bank_code',
    'w.account_no',
    'w.account_name',
    'w.status',
    'w.failure_code',
    'w.payout_attempts',
    'w.last_payout_at',
    'w.created_at',
    'w.decided_by',
    'w.decided_at',
    'w.decision_note',
    'b.changed_at as bank_changed_at',
    isAccountChanged.as('is_account_changed'),
    'a.requested_by',
    'a.requested_by_name',
    'a.requested_at',
    'a.request_reason',
    'a.confirmed_by_name',
    'a.confirmed_at',
  ]);
}

export type QueueRow = Awaited<
  ReturnType<ReturnType<typeof selectQueueColumns>['execute']>
>[number];

function page(query: QueueQuery, paging: Paging) {
  return readPage(
    query,
    (q) => selectQueueColumns(q).orderBy('w.created_at').orderBy('w.id'),
    pageWindow(paging),
  );
}

/** Withdrawals held for approval (never sent: a payout held after its re-sends is in the payouts queue). */
export function listHeldWithdrawals(
  db: Kysely<Database>,
  filter: QueueFilter & {
    reason?: 'over_limit' | 'account_changed' | undefined;
    isAwaitingSecond?: boolean | undefined;
    autoPayoutMaxMinor: number;
  },
  paging: Paging,
) {
  let q = withCommonFilter(queueRows(db), filter)
    .where('w.status', '=', 'pending_approval')
    .where('w.payout_attempts', '=', 0);
  if (filter.reason === 'account_changed') q = q.where(isAccountChanged as Expression<SqlBool>);
  if (filter.reason === 'over_limit')
    q = q.where('w.amount', '>', String(filter.autoPayoutMaxMinor));
  if (filter.isAwaitingSecond !== undefined)
    q = q.where('a.withdrawal_id', filter.isAwaitingSecond ? 'is not' : 'is', null);
  return page(q, paging);
}

/**
 * The payouts queue: unknown (sent, no answer since `staleBefore`), held (re-sent as often as allowed, the bank never
 * saw it) and failed (refused by the bank; the money is already back).
 */
export function listPayouts(
  db: Kysely<Database>,
  filter: QueueFilter & { state?: 'unknown' | 'held' | 'failed' | undefined; staleBefore: Date },
  paging: Paging,
) {
  const isUnknown = sql<boolean>`(w.status = 'processing'
    and coalesce(w.last_payout_at, w.decided_at, w.created_at) < ${filter.staleBefore})`;
  const isHeld = sql<boolean>`(w.status = 'pending_approval' and w.payout_attempts > 0)`;
  const isFailed = sql<boolean>`(w.status = 'failed')`;
  const byState = { unknown: isUnknown, held: isHeld, failed: isFailed };
  const state = filter.state
    ? byState[filter.state]
    : sql<boolean>`(${isUnknown} or ${isHeld} or ${isFailed})`;
  return page(withCommonFilter(queueRows(db), filter).where(state as Expression<SqlBool>), paging);
}

export async function findQueueRow(db: Queryable, id: string): Promise<QueueRow | undefined> {
  return selectQueueColumns(queueRows(db).where('w.id', '=', id)).executeTakeFirst();
}

/** The member's withdrawals before `before`, newest first. */
export function listRecentWithdrawals(
  db: Queryable,
  memberId: string,
  before: Date,
  limit: number,
) {
  return db
    .selectFrom('withdrawals')
    .select(['id', 'amount', 'status', 'created_at'])
    .where('member_id', '=', memberId)
    .where('created_at', '<', before)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

export function findApproval(trx: Trx, withdrawalId: string) {
  return trx
    .selectFrom('withdrawal_approvals')
    .selectAll()
    .where('withdrawal_id', '=', withdrawalId)
    .executeTakeFirst();
}

export async function insertApproval(
  trx: Trx,
  row: {
    withdrawalId: string;
    operatorId: string;
    operatorName: string;
    reason: string | null;
    now: Date;
  },
): Promise<void> {
  await trx
    .insertInto('withdrawal_approvals')
    .values({
      withdrawal_id: row.withdrawalId,
      requested_by: row.operatorId,
      requested_by_name: row.operatorName,
      requested_at: row.now,
      request_reason: row.reason,
    })
    .execute();
}

export async function confirmApproval(
  trx: Trx,
  row: { withdrawalId: string; operatorId: string; operatorName: string; now: Date },
): Promise<void> {
  await trx
    .updateTable('withdrawal_approvals')
    .set({
      confirmed_by: row.operatorId,
      confirmed_by_name: row.operatorName,
      confirmed_at: row.now,
    })
    .where('withdrawal_id', '=', row.withdrawalId)
    .execute();
}
