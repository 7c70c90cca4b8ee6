import { sql, type Kysely, type Transaction } from 'kysely';
import { escapeLike } from '@/db/like-pattern.ts';
import { pageWindow, readPage } from '@/db/paged.ts';
import type { Database } from '@/db/schema.ts';
import { auditHash, type AuditFields } from '@/modules/audit/audit-hash.ts';

export type AuditEntry = Omit<AuditFields, 'seq' | 'at'>;

/**
 * Appends one record at the end of the chain, in the caller's transaction: the update of audit_head locks it, so
 * appends are serialized and each record links to the one before (docs/decisions/0014-back-office.md#audit-trail).
 */
export async function appendAudit(
  trx: Transaction<Database>,
  entry: AuditEntry,
  at: Date,
): Promise<{ seq: bigint; hash: string }> {
  const head = await trx
    .selectFrom('audit_head')
    .select(['seq', 'hash'])
    .where('id', '=', 1)
    .forUpdate()
    .executeTakeFirstOrThrow();
  const seq = BigInt(head.seq) + 1n;
  // jsonb keeps no key order and drops undefined, so the hash is taken of what the database will hand back.
  const before = entry.before === undefined ? null : JSON.parse(JSON.stringify(entry.before));
  const after = entry.after === undefined ? null : JSON.parse(JSON.stringify(entry.after));
  const fields: AuditFields = { ...entry, before, after, seq, at };
  const hash = auditHash(head.hash, fields);
  await trx
    .insertInto('audit_log')
    .values({
      seq: seq.toString(),
      at,
      operator_id: entry.operatorId,
      operator_name: entry.operatorName,
      ip: entry.ip,
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId,
      before: before === null ? null : sql`${JSON.stringify(before)}::jsonb`,
      after: after === null ? null : sql`${JSON.stringify(after)}::jsonb`,
      reason: entry.reason,
      prev_hash: head.hash,
      hash,
    })
    .execute();
  await trx
    .updateTable('audit_head')
    .set({ seq: seq.toString(), hash })
    .where('id', '=', 1)
    .execute();
  return { seq, hash };
}

export type AuditFilter = {
  operator?: string;
  action?: string;
  targetType?: string;
  targetId?: string;
  from?: Date;
  to?: Date;
};

export async function listAudit(
  db: Kysely<Database>,
  filter: AuditFilter,
  page: { page: number; limit: number },
) {
  let query = db.selectFrom('audit_log');
  if (filter.operator)
    query = query.where('operator_name', 'ilike', `%${escapeLike(filter.operator)}%`);
  if (filter.action) query = query.where('action', 'like', `${escapeLike(filter.action)}%`);
  if (filter.targetType) query = query.where('target_type', '=', filter.targetType);
  if (filter.targetId) query = query.where('target_id', '=', filter.targetId);
  if (filter.from) query = query.where('at', '>=', filter.from);
  if (filter.to) query = query.where('at', '<', filter.to);
  return readPage(query, (q) => q.selectAll().orderBy('seq', 'desc'), pageWindow(page));
}

/** The records in chain order, a batch at a time (the verify walk). */
export function auditBatch(db: Kysely<Database>, afterSeq: bigint, limit: number) {
  return db
    .selectFrom('audit_log')
    .selectAll()
    .where('seq', '>', afterSeq.toString())
    .orderBy('seq')
    .limit(limit)
    .execute();
}

export function auditHead(db: Kysely<Database>) {
  return db
    .selectFrom('audit_head')
    .select(['seq', 'hash'])
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
}
