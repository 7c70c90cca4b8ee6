import type { Selectable } from 'kysely';
import type { Queryable, Trx } from '@/db/database.ts';
import type { DepositNoticesTable, QrPaymentsTable, TrueMoneyVouchersTable } from '@/db/schema.ts';
import { lockedIf } from '@/db/lockable.ts';
import { readPage } from '@/db/paged.ts';
import { byHeldState, bySearchAndDates, decisionColumns } from '@/db/queue-rows.ts';
import type { QueueQuery } from '@/lib/queue-query.ts';

/**
 * The deposit module's rows as the back office's queues read and decide them (docs/back-office/money-in.md): held QR
 * payments, held gift vouchers and manual deposit notices.
 */

export type QrRow = Selectable<QrPaymentsTable>;
export type VoucherRow = Selectable<TrueMoneyVouchersTable>;
export type NoticeRow = Selectable<DepositNoticesTable>;

type Decision = { decidedBy: string; reason: string; now: Date };

// Held QR payments ------------------------------------------------------------------------------------------------

export async function listQueueQr(db: Queryable, q: QueueQuery) {
  const base = byHeldState(db.selectFrom('qr_payments'), q.state, 'held');
  return readPage(
    bySearchAndDates(base, q, { columns: ['reference', 'transaction_id'] }),
    (b) => b.selectAll().orderBy('created_at').orderBy('id'),
    q,
  );
}

export async function findQrForQueue(
  db: Queryable,
  id: string,
  options: { isLocked?: boolean } = {},
) {
  const query = db.selectFrom('qr_payments').selectAll().where('id', '=', id);
  return lockedIf(query, options, 'update').executeTakeFirst();
}

export const decideQr = (
  trx: Trx,
  id: string,
  to: { status: 'paid'; transferId: string } | { status: 'refused' },
  d: Decision,
) => decideHeld(trx, 'qr_payments', id, to, d);

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

// Held gift vouchers ----------------------------------------------------------------------------------------------

export async function listQueueVouchers(db: Queryable, q: QueueQuery) {
  const base = byHeldState(db.selectFrom('truemoney_vouchers'), q.state, 'held');
  return readPage(
    bySearchAndDates(base, q, { columns: ['owner_phone'] }),
    (b) => b.selectAll().orderBy('created_at').orderBy('id'),
    q,
  );
}

export async function findVoucherForQueue(
  db: Queryable,
  id: string,
  options: { isLocked?: boolean } = {},
) {
  const query = db.selectFrom('truemoney_vouchers').selectAll().where('id', '=', id);
  return lockedIf(query, options, 'update').executeTakeFirst();
}

export const decideVoucher = (
  trx: Trx,
  id: string,
  to: { status: 'credited'; transferId: string } | { status: 'refused' },
  d: Decision,
) => decideHeld(trx, 'truemoney_vouchers', id, to, d);

/** An operator's decision on a held QR payment or voucher: its new status, and the transfer of a credit. */
async function decideHeld(
  trx: Trx,
  table: 'qr_payments' | 'truemoney_vouchers',
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
