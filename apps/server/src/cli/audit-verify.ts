import { parseArgs } from 'node:util';
import { buildCliApp } from '@/cli/cli-app.ts';
import { auditCheckOf, verifyAuditChain } from '@/modules/audit/audit.service.ts';

/**
 * `npm run audit:verify [-- --anchors <file>]`: walks the whole audit chain and compares it with the heads anchored
 * outside the database (AUDIT_ANCHOR_FILE, or an auditor's own copy given with --anchors). Prints every broken record,
 * one a line, and exits 1 when there is one (docs/decisions/0014-back-office.md#audit-trail).
 */
async function main() {
  const { values } = parseArgs({ options: { anchors: { type: 'string' } } });
  const app = await buildCliApp();
  try {
    const check = auditCheckOf(app.deps.config);
    const verdict = await verifyAuditChain(app.deps.db.kysely, {
      ...check,
      anchorFile: values.anchors ?? check.anchorFile,
      maxListed: Number.MAX_SAFE_INTEGER,
    });
    const anchored = verdict.anchor
      ? `, compared with the head anchored at record ${verdict.anchor.seq} (${verdict.anchor.at})`
      : ', no anchored head to compare with';
    if (verdict.isIntact) console.log(`audit trail intact: ${verdict.records} records${anchored}`);
    else {
      console.error(
        `AUDIT TRAIL BROKEN: ${verdict.brokenTotal} broken records of ${verdict.records}${anchored}`,
      );
      for (const record of verdict.broken)
        console.error(`AUDIT TRAIL BROKEN at record ${record.seq}: ${record.kind}`);
      process.exitCode = 1;
    }
  } finally {
    await app.close();
  }
}

void main();
