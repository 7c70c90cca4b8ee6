import { createHash, createHmac } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { AuditLogTable } from '@/db/schema/operators.ts';

/** What one audit record says; its hash covers all of it and the previous record's hash. */
export type AuditFields = {
  seq: bigint;
  at: Date;
  operatorId: string | null;
  operatorName: string;
  ip: string | null;
  action: string;
  targetType: string;
  targetId: string | null;
  before: unknown;
  after: unknown;
  reason: string | null;
};

/** JSON with object keys sorted at every level, so jsonb's own key order cannot change a hash. */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** What a record says besides its place in the chain. */
export type AuditContent = Omit<AuditFields, 'seq' | 'at'>;

/** A record's content as it is written and hashed: exactly these fields, each one left out as null. */
export function auditContentOf(
  said: Pick<AuditContent, 'operatorId' | 'operatorName' | 'ip' | 'action' | 'targetType'> &
    Partial<AuditContent>,
): AuditContent {
  return {
    operatorId: said.operatorId,
    operatorName: said.operatorName,
    ip: said.ip,
    action: said.action,
    targetType: said.targetType,
    targetId: said.targetId ?? null,
    before: said.before ?? null,
    after: said.after ?? null,
    reason: said.reason ?? null,
  };
}

/** An audit_log row as the database gives it back, without its place in the chain. */
export type AuditRow = Omit<Selectable<AuditLogTable>, 'prev_hash' | 'hash' | 'hash_version'>;

/** What a stored row says, as its hash covers it: verification hashes what was kept, not what was meant. */
export function auditFieldsOf(row: AuditRow): AuditFields {
  return {
    seq: BigInt(row.seq),
    at: row.at,
    operatorId: row.operator_id,
    operatorName: row.operator_name,
    ip: row.ip,
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    before: row.before,
    after: row.after,
    reason: row.reason,
  };
}

/** How a record's hash was made: 1 plain SHA-256 (records before the key, migration 0033), 2 HMAC-SHA256. */
export type AuditHashVersion = 1 | 2;

/**
 * The record's hash over the previous record's hash and its canonical JSON. With `key` (AUDIT_HMAC_KEY, kept outside
 * the database) an HMAC-SHA256, version 2; without, the plain SHA-256 of version 1, which only records written
 * before the key may carry (docs/decisions/0014-back-office.md#audit-trail).
 */
export function auditHash(prevHash: string, fields: AuditFields, key: string | null): string {
  const body = canonicalJson({
    seq: fields.seq.toString(),
    at: fields.at.toISOString(),
    ...auditContentOf(fields),
  });
  const digest = key === null ? createHash('sha256') : createHmac('sha256', key);
  return digest.update(prevHash).update('\n').update(body).digest('hex');
}

/** The MAC of an anchored head (seq and hash), so an anchor line edited without the key is refused. */
export function anchorMac(key: string, seq: bigint, hash: string): string {
  return createHmac('sha256', key).update(`audit-anchor\n${seq}\n${hash}`).digest('hex');
}
