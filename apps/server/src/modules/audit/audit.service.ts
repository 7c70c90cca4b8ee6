import type { Kysely, Transaction } from 'kysely';
import type { AuditRecord } from '@mekong/contracts/admin/audit';
import type { Database } from '@/db/schema.ts';
import { auditContentOf, auditHash } from '@/modules/audit/audit-hash.ts';
import {
  appendAudit,
  auditBatch,
  auditHead,
  listAudit,
  type AuditFilter,
} from '@/modules/audit/audit.repository.ts';

/** Who did it and from where: every operator action carries its actor into the audit trail. */
export type Actor = { operatorId: string | null; operatorName: string; ip: string | null };

export type AuditChange = {
  action: string;
  targetType: string;
  targetId?: string | null;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
};

/** Writes the audit record of a change in the transaction that makes the change: both happen, or neither. */
export function recordAudit(
  trx: Transaction<Database>,
  actor: Actor,
  change: AuditChange,
  at: Date,
) {
  return appendAudit(trx, auditContentOf({ ...actor, ...change }), at);
}

export type AuditVerdict = {
  isIntact: boolean;
  records: number;
  problem: string | null;
  atSeq: number | null;
};

const BATCH = 1000;

/**
 * Walks the chain from the first record: each must follow the one before (no gap), link to its hash and hash to what
 * it stores; the last must be the head. An edited record breaks its own hash, a removed one the sequence, a removed
 * last one the head.
 */
export async function verifyAuditChain(db: Kysely<Database>): Promise<AuditVerdict> {
  let prevHash = 'genesis';
  let lastSeq = 0n;
  let records = 0;
  const broken = (problem: string, seq: bigint): AuditVerdict => ({
    isIntact: false,
    records,
    problem,
    atSeq: Number(seq),
  });
  for (;;) {
    const rows = await auditBatch(db, lastSeq, BATCH);
    for (const row of rows) {
      const seq = BigInt(row.seq);
      if (seq !== lastSeq + 1n) return broken(`record ${lastSeq + 1n} is missing`, lastSeq + 1n);
      if (row.prev_hash !== prevHash)
        return broken(`record ${seq} does not link to the record before`, seq);
      const expected = auditHash(prevHash, {
        seq,
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
      });
      if (expected !== row.hash)
        return broken(`record ${seq} was changed after it was written`, seq);
      prevHash = row.hash;
      lastSeq = seq;
      records += 1;
    }
    if (rows.length < BATCH) break;
  }
  const head = await auditHead(db);
  if (BigInt(head.seq) !== lastSeq || head.hash !== prevHash)
    return broken(
      `the chain ends at record ${lastSeq} but its head says ${head.seq}`,
      BigInt(head.seq),
    );
  return { isIntact: true, records, problem: null, atSeq: null };
}

export async function searchAudit(
  db: Kysely<Database>,
  filter: AuditFilter,
  page: { page: number; limit: number },
): Promise<{ rows: AuditRecord[]; total: number }> {
  const { rows, total } = await listAudit(db, filter, page);
  return {
    total,
    rows: rows.map((r) => ({
      seq: Number(r.seq),
      at: r.at.toISOString(),
      operatorId: r.operator_id,
      operatorName: r.operator_name,
      ip: r.ip,
      action: r.action,
      targetType: r.target_type,
      targetId: r.target_id,
      before: r.before,
      after: r.after,
      reason: r.reason,
      hash: r.hash,
    })),
  };
}
