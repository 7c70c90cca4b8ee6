import { sql, type Kysely } from 'kysely';
import type { QrProvider } from '@mekong/contracts/constants';
import type { Trx } from '@/db/database.ts';
import type { Database, QrPaymentsTable } from '@/db/schema.ts';
import { finder } from '@/db/finders.ts';

type Reader = Kysely<Database> | Trx;

export type QrPayment = {
  id: string;
  memberId: string;
  provider: QrProvider;
  reference: string;
  amountMinor: bigint;
  currency: 'THB' | 'LAK';
  payload: string;
  status: QrPaymentsTable['status'];
  expiresAt: Date;
  holdReason: string | null;
  transferId: string | null;
};

function selectQr(db: Reader) {
  return db
    .selectFrom('qr_payments')
    .select([
      'id',
      'member_id',
      'provider',
      'reference',
      sql<string>`amount::text`.as('amount'),
      'currency',
      'payload',
      'status',
      'expires_at',
      'hold_reason',
      'transfer_id',
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof selectQr>['executeTakeFirstOrThrow']>>;

const toQr = (r: Row): QrPayment => ({
  id: r.id,
  memberId: r.member_id,
  provider: r.provider,
  reference: r.reference,
  amountMinor: BigInt(r.amount),
  currency: r.currency,
  payload: r.payload,
  status: r.status,
  expiresAt: r.expires_at,
  holdReason: r.hold_reason,
  transferId: r.transfer_id,
});

export const findActiveQr = finder(
  (db: Reader, memberId: string, provider: QrProvider) =>
    selectQr(db)
      .where('member_id', '=', memberId)
      .where('provider', '=', provider)
      .where('status', '=', 'active'),
  toQr,
);

export async function findQrByReference(
  db: Reader,
  provider: QrProvider,
  reference: string,
  options: { isLocked?: boolean } = {},
): Promise<QrPayment | undefined> {
  const query = selectQr(db).where('provider', '=', provider).where('reference', '=', reference);
  const row = await (options.isLocked ? query.forUpdate() : query).executeTakeFirst();
  return row && toQr(row);
}

export async function insertQr(
  db: Reader,
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
  db: Reader,
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
