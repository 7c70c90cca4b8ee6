import { sql, type Kysely } from 'kysely';
import type { IncomingTransfer } from '@/adapters/bank/bank-gateway.ts';
import type { Trx } from '@/db/database.ts';
import type { Database } from '@/db/schema.ts';
import { lockableFinder } from '@/db/finders.ts';

type Reader = Kysely<Database> | Trx;

export async function readCursor(db: Reader, name: string): Promise<string | null> {
  const row = await db
    .selectFrom('job_cursors')
    .select('cursor')
    .where('name', '=', name)
    .executeTakeFirst();
  return row?.cursor ?? null;
}

export async function saveCursor(db: Reader, name: string, cursor: string, now: Date) {
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
  status: 'credited' | 'unmatched' | 'resolved';
  unmatchedReason: string | null;
  memberId: string | null;
  transferId: string | null;
  /** The ledger external reference it is credited under (null on rows from before it was kept: the reference). */
  depositRef: string | null;
};

function selectIncoming(db: Reader) {
  return db
    .selectFrom('bank_incoming_transfers')
    .select([
      'id',
      'reference',
      'from_bank_code',
      'from_account_no',
      'from_account_name',
      'to_account_no',
      sql<string>`amount::text`.as('amount'),
      'currency',
      'received_at',
      'status',
      'unmatched_reason',
      'member_id',
      'transfer_id',
      'deposit_ref',
    ]);
}

function toStored(
  r: Awaited<ReturnType<ReturnType<typeof selectIncoming>['executeTakeFirstOrThrow']>>,
): StoredIncoming {
  return {
    id: r.id,
    reference: r.reference,
    fromBankCode: r.from_bank_code,
    fromAccountNo: r.from_account_no,
    fromAccountName: r.from_account_name,
    toAccountNo: r.to_account_no,
    amountMinor: BigInt(r.amount),
    currency: r.currency,
    receivedAt: r.received_at,
    status: r.status,
    unmatchedReason: r.unmatched_reason,
    memberId: r.member_id,
    transferId: r.transfer_id,
    depositRef: r.deposit_ref,
  };
}

export const findIncoming = lockableFinder(
  (db: Reader, id: string) => selectIncoming(db).where('id', '=', id),
  toStored,
);

/** Transfers nobody was credited for, oldest first: the operator's queue. */
export async function listUnmatched(db: Reader, limit: number): Promise<StoredIncoming[]> {
  const rows = await selectIncoming(db)
    .where('status', '=', 'unmatched')
    .orderBy('created_at')
    .limit(limit)
    .execute();
  return rows.map(toStored);
}
