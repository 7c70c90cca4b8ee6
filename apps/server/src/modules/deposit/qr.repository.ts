import { sql, type Selectable } from 'kysely';
import type { QrProvider, LedgerCurrency } from '@mekong/contracts/constants';
import type { Queryable, Trx } from '@/db/database.ts';
import { toDomainRow } from '@/db/domain-row.ts';
import { lockedIf } from '@/db/lockable.ts';
import type { QrPaymentsTable } from '@/db/schema.ts';
import { finder } from '@/db/finders.ts';

export type QrPayment = {
  id: string;
  memberId: string;
  provider: QrProvider;
  reference: string;
  amountMinor: bigint;
  currency: LedgerCurrency;
  payload: string;
  status: QrPaymentsTable['status'];
  expiresAt: Date;
  holdReason: string | null;
  transferId: string | null;
};

const selectQr = (db: Queryable) => db.selectFrom('qr_payments').selectAll();

const toQr = (r: Selectable<QrPaymentsTable>): QrPayment => toDomainRow(r);

export const findActiveQr = finder(
  (db: Queryable, memberId: string, provider: QrProvider) =>
    selectQr(db)
      .where('member_id', '=', memberId)
      .where('provider', '=', provider)
      .where('status', '=', 'active'),
  toQr,
);

/** A QR's paid notice as the member sees it: credited (`paid`) or kept for an operator (`held`). */
export type SettledQr = {
  id: string;
  status: 'paid' | 'held';
  paidAmountMinor: bigint;
  paidAt: Date;
};

/**
 * The member's QR at this provider whose paid notice was recorded most recently, at or after `since`. A QR held only
 * because its cancel met a payment (no notice yet) has no paid time and is not one.
 */
export async function findRecentSettledQr(
  db: Queryable,
  memberId: string,
  provider: QrProvider,
  since: Date,
): Promise<SettledQr | undefined> {
  const row = await db
    .selectFrom('qr_payments')
    .select(['id', 'status', sql<string>`paid_amount::text`.as('paid_amount'), 'paid_at'])
    .where('member_id', '=', memberId)
    .where('provider', '=', provider)
    .where('updated_at', '>=', since)
    .where('status', 'in', ['paid', 'held'])
    .where('paid_at', 'is not', null)
    .where('paid_amount', 'is not', null)
    .orderBy('updated_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row?.paid_at || (row.status !== 'paid' && row.status !== 'held')) return undefined;
  return {
    id: row.id,
    status: row.status,
    paidAmountMinor: BigInt(row.paid_amount),
    paidAt: row.paid_at,
  };
}

export async function findQrByReference(
  db: Queryable,
  provider: QrProvider,
  reference: string,
  options: { isLocked?: boolean } = {},
): Promise<QrPayment | undefined> {
  const query = selectQr(db).where('provider', '=', provider).where('reference', '=', reference);
  const row = await lockedIf(query, options, 'update').executeTakeFirst();
  return row && toQr(row);
}

export async function insertQr(
  db: Queryable,
  qr: Omit<QrPayment, 'status' | 'holdReason' | 'transferId'>,
  now: Date,
) {
  await db
    .insertInto('qr_payments')
    .values({
      id: qr.id,
      member_id: qr.memberId,
      provider: qr.provider,
      reference: qr.reference,
      amount: qr.amountMinor,
      currency: qr.currency,
      payload: qr.payload,
      status: 'active',
      expires_at: qr.expiresAt,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

/** Moves an active QR on (cancelled, or held awaiting its notice); false when it was no longer active. */
export async function closeActiveQr(
  db: Queryable,
  id: string,
  to: { status: 'cancelled' } | { status: 'held'; holdReason: string },
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('qr_payments')
    .set({
      status: to.status,
      hold_reason: to.status === 'held' ? to.holdReason : null,
      updated_at: now,
    })
    .where('id', '=', id)
    .where('status', '=', 'active')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function recordNotice(
  trx: Trx,
  id: string,
  changes: {
    status: 'paid' | 'held';
    holdReason: string | null;
    paidAmountMinor: bigint;
    paidAt: Date;
    transactionId: string;
    transferId: string | null;
  },
  now: Date,
) {
  await trx
    .updateTable('qr_payments')
    .set({
      status: changes.status,
      hold_reason: changes.holdReason,
      paid_amount: changes.paidAmountMinor,
      paid_at: changes.paidAt,
      transaction_id: changes.transactionId,
      transfer_id: changes.transferId,
      updated_at: now,
    })
    .where('id', '=', id)
    .execute();
}
