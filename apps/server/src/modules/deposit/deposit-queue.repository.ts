import type { Kysely, Selectable } from 'kysely';
import type { Trx } from '@/db/database.ts';
import type {
  Database,
  DepositNoticesTable,
  QrPaymentsTable,
  TrueMoneyVouchersTable,
} from '@/db/schema.ts';
import { readPage } from '@/db/paged.ts';
import { searchItemId, searchMemberIds, type QueueQuery } from '@/lib/queue-query.ts';

/**
 * The deposit module's rows as the back office's queues read and decide them (docs/back-office/money-in.md): held QR
 * payments, held gift vouchers and manual deposit notices.
 */

type Reader = Kysely<Database> | Trx;

export type QrRow = Selectable<QrPaymentsTable>;
export type VoucherRow = Selectable<TrueMoneyVouchersTable>;
export type NoticeRow = Selectable<DepositNoticesTable>;

type Decision = { decidedBy: string; reason: string; now: Date };

// Held QR payments ------------------------------------------------------------------------------------------------

export async function listQueueQr(db: Reader, q: QueueQuery) {
  let base = db.selectFrom('qr_payments');
  base =
    q.state === 'open'
      ? base.where('status', '=', 'held')
      : q.state === 'decided'
        ? base.where('decided_at', 'is not', null)
        : base.where((eb) => eb.or([eb('status', '=', 'held'), eb('decided_at', 'is not', null)]));
  if (q.search) {
    const search = q.search;
    base = base.where((eb) =>
      eb.or([
        eb('member_id', 'in', searchMemberIds(search)),
        eb('reference', '=', search.text),
        eb('transaction_id', '=', search.text),
        eb('id', '=', searchItemId(search)),
      ]),
    );
  }
  if (q.from) base = base.where('created_at', '>=', q.from);
  if (q.to) base = base.where('created_at', '<', q.to);
  return readPage(base, (b) => b.selectAll().orderBy('created_at').orderBy('id'), q);
}

export async function findQrForQueue(db: Reader, id: string, options: { isLocked?: boolean } = {}) {
  const query = db.selectFrom('qr_payments').selectAll().where('id', '=', id);
  return (options.isLocked ? query.forUpdate() : query).executeTakeFirst();
}

export async function decideQr(
  trx: Trx,
  id: string,
  to: { status: 'paid'; transferId: string } | { status: 'refused' },
  d: Decision,
) {
  await trx
    .updateTable('qr_payments')
    .set({
      status: to.status,
      ...(to.status === 'paid' ? { transfer_id: to.transferId } : {}),
      decided_by: d.decidedBy,
      decided_at: d.now,
      decision_reason: d.reason,
      updated_at: d.now,
    })
    .where('id', '=', id)
    .execute();
}

/** QRs of exactly this amount made in the window (suggestions for a bank line of that amount). */
export async function listQrOfAmount(db: Reader, amountMinor: bigint, from: Date, to: Date) {
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

export async function listQueueVouchers(db: Reader, q: QueueQuery) {
  let base = db.selectFrom('truemoney_vouchers');
  base =
    q.state === 'open'
      ? base.where('status', '=', 'held')
      : q.state === 'decided'
        ? base.where('decided_at', 'is not', null)
        : base.where((eb) => eb.or([eb('status', '=', 'held'), eb('decided_at', 'is not', null)]));
  if (q.search) {
    const search = q.search;
    base = base.where((eb) =>
      eb.or([
        eb('member_id', 'in', searchMemberIds(search)),
        eb('owner_phone', '=', search.text),
        eb('id', '=', searchItemId(search)),
      ]),
    );
  }
  if (q.from) base = base.where('created_at', '>=', q.from);
  if (q.to) base = base.where('created_at', '<', q.to);
  return readPage(base, (b) => b.selectAll().orderBy('created_at').orderBy('id'), q);
}

export async function findVoucherForQueue(
  db: Reader,
  id: string,
  options: { isLocked?: boolean } = {},
) {
  const query = db.selectFrom('truemoney_vouchers').selectAll().where('id', '=', id);
  return (options.isLocked ? query.forUpdate() : query).executeTakeFirst();
}

export async function decideVoucher(
  trx: Trx,
  id: string,
  to: { status: 'credited'; transferId: string } | { status: 'refused' },
  d: Decision,
) {
  await trx
    .updateTable('truemoney_vouchers')
    .set({
      status: to.status,
      ...(to.status === 'credited' ? { transfer_id: to.transferId } : {}),
      decided_by: d.decidedBy,
      decided_at: d.now,
      decision_reason: d.reason,
      updated_at: d.now,
    })
    .where('id', '=', id)
    .execute();
}

// Manual deposit notices ------------------------------------------------------------------------------------------

export async function listQueueNotices(db: Reader, q: QueueQuery) {
  let base = db.selectFrom('deposit_notices');
  if (q.state === 'open') base = base.where('status', '=', 'pending');
  if (q.state === 'decided') base = base.where('status', '<>', 'pending');
  if (q.search) {
    const search = q.search;
    base = base.where((eb) =>
      eb.or([eb('member_id', 'in', searchMemberIds(search)), eb('id', '=', searchItemId(search))]),
    );
  }
  if (q.from) base = base.where('created_at', '>=', q.from);
  if (q.to) base = base.where('created_at', '<', q.to);
  return readPage(base, (b) => b.selectAll().orderBy('created_at').orderBy('id'), q);
}

export async function findNoticeForQueue(db: Reader, id: string) {
  return db.selectFrom('deposit_notices').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The operator's reason and time on a notice the manual-deposit service just settled. */
export async function recordNoticeDecision(trx: Trx, id: string, d: Decision) {
  await trx
    .updateTable('deposit_notices')
    .set({ decided_at: d.now, decision_reason: d.reason, decided_by: d.decidedBy })
    .where('id', '=', id)
    .execute();
}

/** Open notices of exactly this amount made in the window (suggestions for a bank line of that amount). */
export async function listOpenNoticesOfAmount(
  db: Reader,
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
