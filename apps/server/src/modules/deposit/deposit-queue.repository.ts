import type { Selectable } from 'kysely';
import type { Queryable, Trx } from '@/db/database.ts';
import type {
  Database,
  DepositNoticesTable,
  QrPaymentsTable,
  TrueMoneyVouchersTable,
} from '@/db/schema.ts';
import { lockedIf } from '@/db/lockable.ts';
import { readPage } from '@/db/paged.ts';
import {
  byHeldState,
  bySearchAndDates,
  decisionColumns,
  type QueueColumn,
} from '@/db/queue-rows.ts';
import type { QueueQuery } from '@/lib/queue-query.ts';

/**
 * The deposit module's rows as the back office's queues read and decide them (docs/back-office/money-in.md): held QR
 * payments, held gift vouchers and manual deposit notices.
 */

export type QrRow = Selectable<QrPaymentsTable>;
export type VoucherRow = Selectable<TrueMoneyVouchersTable>;
export type NoticeRow = Selectable<DepositNoticesTable>;

type Decision = { decidedBy: string; reason: string; now: Date };

// Held QR payments and gift vouchers -----------------------------------------------------------------------------

/** The two tables of held outside payments: queued, read and decided alike, searched by their own columns. */
type HeldTable = 'qr_payments' | 'truemoney_vouchers';
type HeldRow<T extends HeldTable> = Selectable<Database[T]>;

function listHeld<T extends HeldTable>(
  db: Queryable,
  table: T,
  q: QueueQuery,
  columns: readonly QueueColumn[],
) {
  const base = byHeldState(db.selectFrom<HeldTable>(table), q.state, 'held');
  return readPage(
    bySearchAndDates(base, q, { columns }),
    (b) => b.selectAll().orderBy('created_at').orderBy('id').$castTo<HeldRow<T>>(),
    q,
  );
}

function findHeld<T extends HeldTable>(
  db: Queryable,
  table: T,
  id: string,
  options: { isLocked?: boolean },
) {
  const query = db.selectFrom<HeldTable>(table).selectAll().where('id', '=', id);
  return lockedIf(query.$castTo<HeldRow<T>>(), options, 'update').executeTakeFirst();
}

/** An operator's decision on a held QR payment or voucher: its new status, and the transfer of a credit. */
async function decideHeld(
  trx: Trx,
  table: HeldTable,
  id: string,
  to: { status: 'paid' | 'credited'; transferId: string } | { status: 'refused' },
  d: Decision,
) {
  await trx
    .updateTable(table)
    .set({
      status: to.status,
      ...('transferId' in to ? { transfer_id: to.transferId } : {}),
      ...decisionColumns(d),
    })
    .where('id', '=', id)
    .execute();
}

export const listQueueQr = (db: Queryable, q: QueueQuery) =>
  listHeld(db, 'qr_payments', q, ['reference', 'transaction_id']);

export const findQrForQueue = (db: Queryable, id: string, options: { isLocked?: boolean } = {}) =>
  findHeld(db, 'qr_payments', id, options);

export const decideQr = (
  trx: Trx,
  id: string,
  to: { status: 'paid'; transferId: string } | { status: 'refused' },
  d: Decision,
) => decideHeld(trx, 'qr_payments', id, to, d);

export const listQueueVouchers = (db: Queryable, q: QueueQuery) =>
  listHeld(db, 'truemoney_vouchers', q, ['owner_phone']);

export const findVoucherForQueue = (
  db: Queryable,
  id: string,
  options: { isLocked?: boolean } = {},
) => findHeld(db, 'truemoney_vouchers', id, options);

export const decideVoucher = (
  trx: Trx,
  id: string,
  to: { status: 'credited'; transferId: string } | { status: 'refused' },
  d: Decision,
) => decideHeld(trx, 'truemoney_vouchers', id, to, d);

/** QRs of exactly this amount made in the window (suggestions for a bank line of that amount). */
export async function listQrOfAmount(db: Queryable, amountMinor: bigint, from: Date, to: Date) {
  return db
    .selectFrom('qr_payments')
    .select(['id', 'member_id'])
    .where('amount', '=', amountMinor.toString())
    .where('created_at', '>=', from)
    .where('created_at', '<=', to)
    .where('status', '<>', 'paid')
    .limit(20)
    .execute();
}

// Manual deposit notices ------------------------------------------------------------------------------------------

export async function listQueueNotices(db: Queryable, q: QueueQuery) {
  let base = db.selectFrom('deposit_notices');
  if (q.state === 'open') base = base.where('status', '=', 'pending');
  if (q.state === 'decided') base = base.where('status', '<>', 'pending');
  return readPage(
    bySearchAndDates(base, q, { columns: [] }),
    (b) => b.selectAll().orderBy('created_at').orderBy('id'),
    q,
  );
}

export async function findNoticeForQueue(db: Queryable, id: string) {
  return db.selectFrom('deposit_notices').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The operator's reason and time on a notice the manual-deposit service just settled. */
export async function recordNoticeDecision(trx: Trx, id: string, d: Decision) {
  await trx.updateTable('deposit_notices').set(decisionColumns(d)).where('id', '=', id).execute();
}

/** Open notices of exactly this amount made in the window (suggestions for a bank line of that amount). */
export async function listOpenNoticesOfAmount(
  db: Queryable,
  amountMinor: bigint,
  from: Date,
  to: Date,
) {
  return db
    .selectFrom('deposit_notices')
    .select(['id', 'member_id'])
    .where('status', '=', 'pending')
    .where('amount', '=', amountMinor.toString())
    .where('created_at', '>=', from)
    .where('created_at', '<=', to)
    .limit(20)
    .execute();
}
