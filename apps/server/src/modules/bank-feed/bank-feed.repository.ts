import type { Selectable } from 'kysely';
import type { IncomingTransfer } from '@/adapters/bank/bank-gateway.ts';
import type { Queryable, Trx } from '@/db/database.ts';
import { toDomainRow } from '@/db/domain-row.ts';
import { escapeLike } from '@/db/like-pattern.ts';
import type { BankIncomingTransfersTable } from '@/db/schema.ts';
import { finder, lockableFinder } from '@/db/finders.ts';
import { readPage } from '@/db/paged.ts';
import { byHeldState, bySearchAndDates, decisionColumns } from '@/db/queue-rows.ts';
import type { QueueQuery } from '@/lib/queue-query.ts';

/** Where the named feed stopped reading (none: it never ran). */
export const readCursor = finder(
  (db: Queryable, name: string) =>
    db.selectFrom('job_cursors').select('cursor').where('name', '=', name),
  (row) => row.cursor,
);

export async function saveCursor(db: Queryable, name: string, cursor: string, now: Date) {
  await db
    .insertInto('job_cursors')
    .values({ name, cursor, updated_at: now })
    .onConflict((oc) => oc.column('name').doUpdateSet({ cursor, updated_at: now }))
    .execute();
}

/** Records a reported transfer once: false when its reference was recorded before (a repeat of the feed). */
export async function insertIncoming(
  trx: Trx,
  row: {
    id: string;
    transfer: IncomingTransfer;
    depositRef: string;
    status: 'credited' | 'unmatched';
    unmatchedReason: string | null;
    memberId: string | null;
    now: Date;
  },
): Promise<boolean> {
  const t = row.transfer;
  const inserted = await trx
    .insertInto('bank_incoming_transfers')
    .values({
      id: row.id,
      reference: t.reference,
      from_bank_code: t.fromBankCode,
      from_account_no: t.fromAccountNo,
      from_account_name: t.fromAccountName,
      to_account_no: t.toAccountNo,
      amount: t.amountMinor,
      currency: t.currency,
      received_at: t.receivedAt,
      status: row.status,
      unmatched_reason: row.unmatchedReason,
      member_id: row.memberId,
      transfer_id: null,
      deposit_ref: row.depositRef,
      created_at: row.now,
      updated_at: row.now,
    })
    .onConflict((oc) => oc.constraint('bank_incoming_transfers_reference_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function linkIncoming(
  trx: Trx,
  id: string,
  changes: {
    status: 'credited' | 'resolved';
    memberId: string;
    transferId: string;
    unmatchedReason?: string | null;
  },
  now: Date,
) {
  await trx
    .updateTable('bank_incoming_transfers')
    .set({
      status: changes.status,
      member_id: changes.memberId,
      transfer_id: changes.transferId,
      ...(changes.unmatchedReason !== undefined
        ? { unmatched_reason: changes.unmatchedReason }
        : {}),
      updated_at: now,
    })
    .where('id', '=', id)
    .execute();
}

export type StoredIncoming = {
  id: string;
  reference: string;
  fromBankCode: string;
  fromAccountNo: string;
  fromAccountName: string | null;
  toAccountNo: string | null;
  amountMinor: bigint;
  currency: string;
  receivedAt: Date;
  status: BankIncomingTransfersTable['status'];
  unmatchedReason: string | null;
  memberId: string | null;
  transferId: string | null;
  /** The ledger external reference it is credited under (null on rows from before it was kept: the reference). */
  depositRef: string | null;
  /** The operator who settled it from the queue, when, and why (docs/back-office/money-in.md). */
  decidedBy: string | null;
  decidedAt: Date | null;
  decisionReason: string | null;
};

const selectIncoming = (db: Queryable) => db.selectFrom('bank_incoming_transfers').selectAll();

const toStored = (r: Selectable<BankIncomingTransfersTable>): StoredIncoming => toDomainRow(r);

export const findIncoming = lockableFinder(
  (db: Queryable, id: string) => selectIncoming(db).where('id', '=', id),
  toStored,
);

/** Transfers nobody was credited for, oldest first: the operator's queue. */
export async function listUnmatched(db: Queryable, limit: number): Promise<StoredIncoming[]> {
  const rows = await selectIncoming(db)
    .where('status', '=', 'unmatched')
    .orderBy('created_at')
    .limit(limit)
    .execute();
  return rows.map(toStored);
}

/** A page of the lines received in [start, end), by id after `afterId` (the reconciliation against the ledger). */
export async function listLinesPage(
  db: Queryable,
  options: { start: Date; end: Date; afterId: string | null; limit: number },
): Promise<StoredIncoming[]> {
  let query = selectIncoming(db)
    .where('received_at', '>=', options.start)
    .where('received_at', '<', options.end)
    .orderBy('id')
    .limit(options.limit);
  if (options.afterId) query = query.where('id', '>', options.afterId);
  return (await query.execute()).map(toStored);
}

/** The ledger transfers of these ids that a line names as its credit. */
export async function findLinkedTransferIds(
  db: Queryable,
  transferIds: readonly string[],
): Promise<Set<string>> {
  if (transferIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('bank_incoming_transfers')
    .select('transfer_id')
    .where('transfer_id', 'in', [...transferIds])
    .execute();
  return new Set(rows.flatMap((r) => (r.transfer_id ? [r.transfer_id] : [])));
}

/** A transfer whose reference was already credited: the system refused it by itself (docs/back-office/triage.md). */
const DUPLICATE_LINE_REASON = 'reference_already_credited';

/** The operators' queue of lines (docs/back-office/money-in.md): open is unmatched; decided is settled by one. */
export async function listQueueLines(db: Queryable, q: QueueQuery) {
  let base = byHeldState(db.selectFrom('bank_incoming_transfers'), q.state, 'unmatched');
  if (q.origin === 'system') base = base.where('unmatched_reason', '=', DUPLICATE_LINE_REASON);
  if (q.origin === 'person')
    base = base.where((eb) =>
      eb.or([
        eb('unmatched_reason', 'is', null),
        eb('unmatched_reason', '!=', DUPLICATE_LINE_REASON),
      ]),
    );
  const searched = bySearchAndDates(base, q, {
    columns: ['reference', 'from_account_no'],
    at: 'received_at',
    more: (eb, text) => {
      const digits = text.replace(/\D/g, '');
      return [
        ...(digits.length >= 4 ? [eb('from_account_no', 'like', `%${digits}`)] : []),
        eb('from_account_name', 'ilike', `%${escapeLike(text)}%`),
      ];
    },
  });
  const page = await readPage(
    searched,
    (b) => b.selectAll().orderBy('received_at').orderBy('id'),
    q,
  );
  return { total: page.total, rows: page.rows.map(toStored) };
}

/** An operator's decision on a line: credited to a member (resolved), or returned to its sender, or ignored. */
export async function decideLine(
  trx: Trx,
  id: string,
  to:
    | { status: 'resolved'; memberId: string; transferId: string }
    | { status: 'returned' | 'ignored' },
  d: { decidedBy: string; reason: string; now: Date },
) {
  await trx
    .updateTable('bank_incoming_transfers')
    .set({
      status: to.status,
      ...(to.status === 'resolved' ? { member_id: to.memberId, transfer_id: to.transferId } : {}),
      ...decisionColumns(d),
    })
    .where('id', '=', id)
    .execute();
}

/**
 * A member's bank transfers waiting for an operator, or decided by one since `decidedSince`
 * (docs/decisions/0025-waiting-money.md): only lines the feed tied to the member (another currency); a line already
 * credited under its reference is a repeat of money the member has, not money waiting.
 */
export async function listMemberWaitingLines(db: Queryable, memberId: string, decidedSince: Date) {
  return db
    .selectFrom('bank_incoming_transfers')
    .select(['id', 'reference', 'amount', 'currency', 'status', 'received_at', 'decided_at'])
    .where('member_id', '=', memberId)
    .where((eb) =>
      eb.or([
        eb.and([
          eb('status', '=', 'unmatched'),
          eb('unmatched_reason', 'is distinct from', 'reference_already_credited'),
        ]),
        eb.and([eb('decided_by', 'is not', null), eb('decided_at', '>=', decidedSince)]),
      ]),
    )
    .execute();
}

/** Decided at and received at of the last `limit` lines an operator decided, newest first. */
export async function listRecentLineDecisions(db: Queryable, limit: number) {
  const rows = await db
    .selectFrom('bank_incoming_transfers')
    .select(['received_at', 'decided_at'])
    .where('decided_by', 'is not', null)
    .where('decided_at', 'is not', null)
    .orderBy('decided_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ decidedAt: r.decided_at as Date, since: r.received_at }));
}
