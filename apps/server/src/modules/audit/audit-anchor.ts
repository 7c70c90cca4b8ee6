import { timingSafeEqual } from 'node:crypto';
import { appendFile, mkdir, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { AppDeps } from '@/app-deps.ts';
import type { JobScheduler } from '@/jobs/job-scheduler.ts';
import { anchorMac } from '@/modules/audit/audit-hash.ts';
import { auditHead, useAuditKey } from '@/modules/audit/audit.repository.ts';

/**
 * The audit chain's head written outside the database (docs/decisions/0014-back-office.md#audit-trail): one JSON line
 * per new head in AUDIT_ANCHOR_FILE, and the same in the log, so an auditor keeps a copy the database cannot change.
 * Verification compares the chain with every anchored head: a rewrite of the whole chain, even a consistent one,
 * changes the hash at an anchored place.
 */
export type AuditAnchor = { seq: number; hash: string; at: string; mac: string };

export const AUDIT_ANCHOR_JOB = 'audit-anchor';

function isSameMac(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function parseAnchor(line: string): AuditAnchor | null {
  try {
    const value = JSON.parse(line) as Partial<AuditAnchor>;
    if (
      Number.isSafeInteger(value.seq) &&
      typeof value.hash === 'string' &&
      typeof value.at === 'string' &&
      typeof value.mac === 'string'
    )
      return value as AuditAnchor;
  } catch {
    // Not an anchor line: refused below.
  }
  return null;
}

/**
 * The anchored heads of a file, oldest first (none when there is no file), and the places of the lines that are no
 * anchor made with this key: edited by someone without it, or the key changed (seq 0 when not even a place is read).
 */
export async function readAnchors(
  file: string,
  key: string,
): Promise<{ anchors: AuditAnchor[]; refused: number[] }> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { anchors: [], refused: [] };
    throw error;
  }
  const anchors: AuditAnchor[] = [];
  const refused: number[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const anchor = parseAnchor(line);
    if (anchor && isSameMac(anchor.mac, anchorMac(key, BigInt(anchor.seq), anchor.hash)))
      anchors.push(anchor);
    else refused.push(anchor?.seq ?? 0);
  }
  return { anchors, refused };
}

/** Appends the chain's head to the anchor file and the log, unless it is the head last anchored (or the chain is empty). */
export async function anchorAuditHead({
  db,
  config,
  clock,
  log,
}: Pick<AppDeps, 'db' | 'config' | 'clock' | 'log'>): Promise<AuditAnchor | null> {
  const file = config.AUDIT_ANCHOR_FILE;
  if (!file) return null;
  const head = await auditHead(db.kysely);
  const seq = BigInt(head.seq);
  if (seq === 0n) return null;
  const last = (await readAnchors(file, config.AUDIT_HMAC_KEY)).anchors.at(-1);
  if (last && BigInt(last.seq) === seq && last.hash === head.hash) return null;
  const anchor: AuditAnchor = {
    seq: Number(seq),
    hash: head.hash,
    at: clock.now().toISOString(),
    mac: anchorMac(config.AUDIT_HMAC_KEY, seq, head.hash),
  };
  await mkdir(dirname(file), { recursive: true });
  await appendFile(file, `${JSON.stringify(anchor)}\n`, { mode: 0o600 });
  log.info({ auditAnchor: anchor }, 'audit chain head anchored');
  return anchor;
}

/** The audit trail's key for every record appended in this process, and the job that anchors its head. */
export function setUpAudit(
  jobs: JobScheduler,
  deps: Pick<AppDeps, 'db' | 'config' | 'clock' | 'log'>,
): void {
  useAuditKey(deps.config.AUDIT_HMAC_KEY);
  jobs.add({
    name: AUDIT_ANCHOR_JOB,
    intervalMs: deps.config.AUDIT_ANCHOR_INTERVAL_MS,
    run: () => anchorAuditHead(deps),
  });
}
