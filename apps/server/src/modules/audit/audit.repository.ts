import { sql, type Kysely, type Transaction } from 'kysely';
import { toWellFormedText } from '@mekong/contracts/fields';
import { escapeLike } from '@/db/like-pattern.ts';
import { pageWindow, readPage } from '@/db/paged.ts';
import type { Database } from '@/db/schema.ts';
import { auditHash, type AuditFields, type AuditRow } from '@/modules/audit/audit-hash.ts';

export type AuditEntry = Omit<AuditFields, 'seq' | 'at'>;

/**
 * The installation's AUDIT_HMAC_KEY, kept outside the database (one installation per process: buildApp sets it before
 * anything is written). Every record appended is hashed with it (hash version 2).
 */
let auditKey: string | null = null;

export function useAuditKey(key: string): void {
  auditKey = key;
}

/** A JSON value with every string made well-formed (a lone surrogate becomes U+FFFD, as PostgreSQL would keep it). */
function wellFormed(value: unknown): unknown {
  if (typeof value === 'string') return toWellFormedText(value);
  if (Array.isArray(value)) return value.map(wellFormed);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [toWellFormedText(k), wellFormed(v)]),
    );
  return value;
}

const jsonParam = (value: unknown) =>
  value === undefined ? null : JSON.stringify(wellFormed(value));
const textParam = (value: string | null) => (value === null ? null : toWellFormedText(value));

/**
 * The record's fields as the database will keep them: each one cast by the database and read back, so the hash is
 * taken over exactly what is stored (jsonb's number forms and key order, a uuid's case, text the database changes).
 */
async function asStored(trx: Transaction<Database>, entry: AuditEntry): Promise<AuditEntry> {
  const { rows } = await sql<Omit<AuditRow, 'seq' | 'at'>>`select ${entry.operatorId}::uuid as operator_id, ${textParam(entry.operatorName)}::text as operator_name,
    ${textParam(entry.ip)}::text as ip, ${textParam(entry.action)}::text as action,
    ${textParam(entry.targetType)}::text as target_type, ${textParam(entry.targetId)}::text as target_id,
    ${jsonParam(entry.before)}::jsonb as before, ${jsonParam(entry.after)}::jsonb as after,
    ${textParam(entry.reason)}::text as reason`.execute(trx);
  const row = rows[0]!;
  return {
    operatorId: row.operator_id,
    operatorName: row.operator_name,
    ip: row.ip,
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    before: row.before ?? null,
    after: row.after ?? null,
    reason: row.reason,
  };
}

/**
 * Appends one record at the end of the chain, in the caller's transaction: the update of audit_head locks it, so
 * appends are serialized and each record links to the one before (docs/decisions/0014-back-office.md#audit-trail).
 */
export async function appendAudit(
  trx: Transaction<Database>,
  entry: AuditEntry,
  at: Date,
): Promise<{ seq: bigint; hash: string }> {
  if (auditKey === null) throw new Error('the audit key is not set (useAuditKey)');
  const head = await trx
    .selectFrom('audit_head')
    .select(['seq', 'hash'])
    .where('id', '=', 1)
    .forUpdate()
    .executeTakeFirstOrThrow();
  const seq = BigInt(head.seq) + 1n;
  const stored = await asStored(trx, entry);
  const hash = auditHash(head.hash, { ...stored, seq, at }, auditKey);
  await trx
    .insertInto('audit_log')
    .values({
      seq: seq.toString(),
      at,
      operator_id: stored.operatorId,
      operator_name: stored.operatorName,
      ip: stored.ip,
      action: stored.action,
      target_type: stored.targetType,
      target_id: stored.targetId,
      before: stored.before === null ? null : sql`${JSON.stringify(stored.before)}::jsonb`,
      after: stored.after === null ? null : sql`${JSON.stringify(stored.after)}::jsonb`,
      reason: stored.reason,
      prev_hash: head.hash,
      hash,
      hash_version: 2,
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
