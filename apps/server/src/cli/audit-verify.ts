import { buildCliApp } from '@/cli/cli-app.ts';
import { verifyAuditChain } from '@/modules/audit/audit.service.ts';

/** `npm run audit:verify`: walks the audit chain; exit code 1 and the first broken record when it was tampered with. */
async function main() {
  const app = await buildCliApp();
  try {
    const verdict = await verifyAuditChain(app.deps.db.kysely);
    if (verdict.isIntact) console.log(`audit trail intact: ${verdict.records} records`);
    else {
      console.error(`AUDIT TRAIL BROKEN at record ${verdict.atSeq}: ${verdict.problem}`);
      process.exitCode = 1;
    }
  } finally {
    await app.close();
  }
}

void main();
