import type { LedgerCurrency } from '@mekong/contracts/constants';
import { sql, type SelectQueryBuilder } from 'kysely';
import type { Queryable, Trx } from '@/db/database.ts';
import { toDomainRow } from '@/db/domain-row.ts';
import { lockedIf } from '@/db/lockable.ts';
import type { Database, SlipsTable } from '@/db/schema.ts';
import { finder } from '@/db/finders.ts';
import { readPage, type PageWindow } from '@/db/paged.ts';
import { bySearchAndDates, decisionColumns } from '@/db/queue-rows.ts';
import type { QueueQuery } from '@/lib/queue-query.ts';

export type SlipRow = {
  id: string;
  memberId: string;
  status: SlipsTable['status'];
  reason: string | null;
  transRef: string | null;
  amountMinor: bigint;
  imageToken: string | null;
  createdAt: Date;
};

const withSlipColumns = <O>(query: SelectQueryBuilder<Database, 'slips', O>) =>
  query
    .select(['id', 'member_id', 'status', 'reason', 'trans_ref', 'image_token', 'created_at'])
    .select(sql<string>`amount::text`.as('amount'));

const selectSlips = (db: Queryable) => withSlipColumns(db.selectFrom('slips'));

type Row = Awaited<ReturnType<ReturnType<typeof selectSlips>['executeTakeFirstOrThrow']>>;
const toSlip = (r: Row): SlipRow => toDomainRow(r);

export async function insertSlip(
  db: Queryable,
  row: {
    id: string;
    memberId: string;
    currency: LedgerCurrency;
    status: SlipsTable['status'];
    reason: string | null;
    image: { bytes: Buffer; type: string; token: string } | null;
    now: Date;
  },
) {
  await db
    .insertInto('slips')
    .values({
      id: row.id,
      member_id: row.memberId,
      status: row.status,
      reason: row.reason,
      currency: row.currency,
      image: row.image?.bytes ?? null,
      image_type: row.image?.type ?? null,
      image_token: row.image?.token ?? null,
      created_at: row.now,
      updated_at: row.now,
    })
    .execute();
}

export async function updateSlip(
  db: Queryable,
  id: string,
  changes: {
    status?: SlipsTable['status'];
    reason?: string | null;
    sendingBank?: string;
    transRef?: string;
    amountMinor?: bigint;
    transferId?: string;
    verified?: Record<string, unknown>;
  },
  now: Date,
) {
  await db
    .updateTable('slips')
    .set({
      ...(changes.status !== undefined ? { status: changes.status } : {}),
      ...(changes.reason !== undefined ? { reason: changes.reason } : {}),
      ...(changes.sendingBank !== undefined ? { sending_bank: changes.sendingBank } : {}),
      ...(changes.transRef !== undefined ? { trans_ref: changes.transRef } : {}),
      ...(changes.amountMinor !== undefined ? { amount: changes.amountMinor } : {}),
      ...(changes.transferId !== undefined ? { transfer_id: changes.transferId } : {}),
      ...(changes.verified !== undefined
        ? { verified: sql<string>`${JSON.stringify(changes.verified)}::jsonb` }
        : {}),
      updated_at: now,
    })
    .where('id', '=', id)
    .execute();
}

export async function findSlip(db: Queryable, id: string): Promise<SlipRow | undefined> {
  const row = await selectSlips(db).where('id', '=', id).executeTakeFirst();
  return row && toSlip(row);
}

export async function listSlips(
  db: Queryable,
  memberId: string,
  page: PageWindow,
): Promise<{ total: number; slips: SlipRow[] }> {
  const { total, rows } = await readPage(
    db.selectFrom('slips').where('member_id', '=', memberId),
    (base) => withSlipColumns(base).orderBy('created_at', 'desc').orderBy('id', 'desc'),
    page,
  );
  return { total, slips: rows.map(toSlip) };
}

/** The member's newest slip with that reference that has an image. */
export const findSlipByReference = finder(
  (db: Queryable, memberId: string, reference: string) =>
    selectSlips(db)
      .where('member_id', '=', memberId)
      .where('trans_ref', '=', reference)
      .where('image_token', 'is not', null)
      .orderBy('created_at', 'desc'),
  toSlip,
);

/** The newest slip of any member that names this transfer (bank and reference). */
export const findSlipByTransRef = finder(
  (db: Queryable, sendingBank: string, transRef: string) =>
    selectSlips(db)
      .where('sending_bank', '=', sendingBank)
      .where('trans_ref', '=', transRef)
      .orderBy('created_at', 'desc'),
  toSlip,
);

export async function findSlipImage(
  db: Queryable,
  token: string,
): Promise<{ memberId: string; bytes: Buffer; type: string } | undefined> {
  const row = await db
    .selectFrom('slips')
    .select(['member_id', 'image', 'image_type'])
    .where('image_token', '=', token)
    .executeTakeFirst();
  if (!row?.image || !row.image_type) return undefined;
  return { memberId: row.member_id, bytes: Buffer.from(row.image), type: row.image_type };
}

/**
 * Slips left `processing` since before `before` (their upload died with the process) become failed with `reason`,
 * which frees their reference (the unique index covers processing and success only). Returns their ids.
 */
export async function failStaleProcessing(
  db: Queryable,
  before: Date,
  reason: string,
  now: Date,
): Promise<string[]> {
  const rows = await db
    .updateTable('slips')
    .set({ status: 'failed', reason, updated_at: now })
    .where('status', '=', 'processing')
    .where('updated_at', '<', before)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** A slip as the operators' queue shows it (docs/back-office/money-in.md): everything but the image's bytes. */
const withQueueColumns = <O>(query: SelectQueryBuilder<Database, 'slips', O>) =>
  query
    .select(['id', 'member_id', 'status', 'reason', 'sending_bank', 'trans_ref', 'currency'])
    .select(['image_type', 'transfer_id', 'verified', 'decision', 'decided_by', 'decided_at'])
    .select(['decision_reason', 'created_at', 'updated_at'])
    .select(sql<string>`amount::text`.as('amount'));

const selectQueueSlips = (db: Queryable) => withQueueColumns(db.selectFrom('slips'));

export type QueueSlip = Awaited<
  ReturnType<ReturnType<typeof selectQueueSlips>['executeTakeFirstOrThrow']>
>;

/** Open: failed slips with an image that no operator decided yet; decided: those an operator decided. */
/** A slip of a transfer already credited or claimed: the system refused it by itself (docs/back-office/triage.md). */
const DUPLICATE_SLIP_REASON = 'REFERENCE_DUPLICATED';

export async function listQueueSlips(
  db: Queryable,
  q: QueueQuery & { reason?: string | undefined },
) {
  let base = db.selectFrom('slips');
  base =
    q.state === 'open'
      ? base
          .where('status', '=', 'failed')
          .where('decision', 'is', null)
          .where('image_type', 'is not', null)
      : q.state === 'decided'
        ? base.where('decision', 'is not', null)
        : base.where((eb) =>
            eb.or([
              eb.and([
                eb('status', '=', 'failed'),
                eb('decision', 'is', null),
                eb('image_type', 'is not', null),
              ]),
              eb('decision', 'is not', null),
            ]),
          );
  if (q.reason) base = base.where('reason', '=', q.reason);
  if (q.origin === 'system') base = base.where('reason', '=', DUPLICATE_SLIP_REASON);
  if (q.origin === 'person')
    base = base.where((eb) =>
      eb.or([eb('reason', 'is', null), eb('reason', '!=', DUPLICATE_SLIP_REASON)]),
    );
  return readPage(
    bySearchAndDates(base, q, { columns: ['trans_ref'] }),
    (b) => withQueueColumns(b).orderBy('created_at').orderBy('id'),
    q,
  );
}

export async function findQueueSlip(
  db: Queryable,
  id: string,
  options: { isLocked?: boolean } = {},
): Promise<QueueSlip | undefined> {
  const query = selectQueueSlips(db).where('id', '=', id);
  return lockedIf(query, options, 'update').executeTakeFirst();
}

export async function decideSlip(
  trx: Trx,
  id: string,
  to: { decision: 'credited'; amountMinor: bigint; transferId: string } | { decision: 'refused' },
  d: { decidedBy: string; reason: string; now: Date },
) {
  await trx
    .updateTable('slips')
    .set({
      decision: to.decision,
      ...(to.decision === 'credited'
        ? { status: 'success', reason: null, amount: to.amountMinor, transfer_id: to.transferId }
        : {}),
      ...decisionColumns(d),
    })
    .where('id', '=', id)
    .execute();
}

/** The stored image of a slip, by the slip's id (for operators; members reach it only by a signed link). */
export async function findSlipImageById(
  db: Queryable,
  id: string,
): Promise<{ bytes: Buffer; type: string } | undefined> {
  const row = await db
    .selectFrom('slips')
    .select(['image', 'image_type'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row?.image || !row.image_type) return undefined;
  return { bytes: Buffer.from(row.image), type: row.image_type };
}
