import type { Kysely, Transaction } from 'kysely';
import type { AuditBreak, AuditRecord, AuditVerifyResponse } from '@mekong/contracts/admin/audit';
import type { Config } from '@/config.ts';
import type { Database } from '@/db/schema.ts';
import { readAnchors } from '@/modules/audit/audit-anchor.ts';
import { auditContentOf, auditFieldsOf, auditHash } from '@/modules/audit/audit-hash.ts';
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

export type AuditVerdict = AuditVerifyResponse;

/** What verification needs from outside the database: the key and the anchored heads. */
export type AuditCheck = {
  key: string;
  /** The anchor file to compare with (AUDIT_ANCHOR_FILE, or an auditor's copy); null: none. */
  anchorFile: string | null;
  /** How many broken records the verdict lists (all are counted). */
  maxListed?: number;
};

export function auditCheckOf(
  config: Pick<Config, 'AUDIT_HMAC_KEY' | 'AUDIT_ANCHOR_FILE'>,
): AuditCheck {
  return { key: config.AUDIT_HMAC_KEY, anchorFile: config.AUDIT_ANCHOR_FILE ?? null };
}

const BATCH = 1000;
const MAX_LISTED = 1000;

const PROBLEMS: Record<AuditBreak['kind'], string> = {
  missing: 'is missing',
  unlinked: 'does not link to the record before',
  changed: 'was changed after it was written',
  unkeyed: 'carries a plain hash after keyed records began',
  head: 'is where the head says the chain ends, but the chain ends elsewhere',
  anchor: 'differs from the head anchored outside the database',
};

/**
 * Walks the whole chain and lists every broken record (docs/decisions/0014-back-office.md#audit-trail): each record
 * must follow the one before (no gap), link to its stored hash, and hash, with the key for a keyed record, to what it
 * stores; no plain hash may follow a keyed one; the last must be the head; and every head anchored outside the
 * database must still be in the chain, unchanged. An edited record is reported once, at itself: the walk goes on from
 * the hashes as stored.
 */
export async function verifyAuditChain(
  db: Kysely<Database>,
  check: AuditCheck,
): Promise<AuditVerdict> {
  const maxListed = check.maxListed ?? MAX_LISTED;
  const { anchors, refused } = check.anchorFile
    ? await readAnchors(check.anchorFile, check.key)
    : { anchors: [], refused: [] };
  const anchoredHash = new Map(anchors.map((a) => [BigInt(a.seq), a.hash]));
  const broken: AuditBreak[] = [];
  let brokenTotal = 0;
  const report = (seq: bigint, kind: AuditBreak['kind']) => {
    brokenTotal += 1;
    if (broken.length < maxListed) broken.push({ seq: Number(seq), kind });
  };
  /** Records from..to-1 are gone: each counted, listed while there is room. */
  const reportMissing = (from: bigint, to: bigint) => {
    brokenTotal += Number(to - from);
    for (let seq = from; seq < to && broken.length < maxListed; seq += 1n)
      broken.push({ seq: Number(seq), kind: 'missing' });
  };
  let prevHash = 'genesis';
  let lastSeq = 0n;
  let records = 0;
  let isKeyed = false;
  for (;;) {
    const rows = await auditBatch(db, lastSeq, BATCH);
    for (const row of rows) {
      const seq = BigInt(row.seq);
      if (seq !== lastSeq + 1n) reportMissing(lastSeq + 1n, seq);
      else if (row.prev_hash !== prevHash) report(seq, 'unlinked');
      if (row.hash_version === 2) isKeyed = true;
      else if (isKeyed) report(seq, 'unkeyed');
      const expected = auditHash(
        row.prev_hash,
        auditFieldsOf(row),
        row.hash_version === 2 ? check.key : null,
      );
      if (expected !== row.hash) report(seq, 'changed');
      const anchored = anchoredHash.get(seq);
      if (anchored !== undefined && anchored !== row.hash) report(seq, 'anchor');
      prevHash = row.hash;
      lastSeq = seq;
      records += 1;
    }
    if (rows.length < BATCH) break;
  }
  const head = await auditHead(db);
  if (BigInt(head.seq) !== lastSeq || head.hash !== prevHash) report(BigInt(head.seq), 'head');
  // A head anchored beyond the chain's end: records were cut off and the head set back.
  for (const seq of new Set(anchors.map((a) => BigInt(a.seq))))
    if (seq > lastSeq) report(seq, 'anchor');
  for (const seq of refused) report(BigInt(seq), 'anchor');
  broken.sort((a, b) => a.seq - b.seq);
  const first = broken[0] ?? null;
  const latest = anchors.at(-1) ?? null;
  return {
    isIntact: brokenTotal === 0,
    records,
    problem: first ? `record ${first.seq} ${PROBLEMS[first.kind]}` : null,
    atSeq: first?.seq ?? null,
    broken,
    brokenTotal,
    anchor: latest ? { seq: latest.seq, at: latest.at } : null,
  };
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
