import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { auditCheckOf, verifyAuditChain } from '@/modules/audit/audit.service.ts';
import { adminApi, signedInOperator } from './support/operators.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

const run = promisify(execFile);
const serverDir = join(import.meta.dirname, '..');

let t: TestApp | undefined;
let dir: string | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

/** Changes the audit trail behind the application's back, as someone with database access could. */
async function tamper(app: TestApp, statement: string) {
  const db = app.app.deps.db.kysely;
  await sql.raw('alter table audit_log disable trigger audit_log_append_only').execute(db);
  await sql.raw(statement).execute(db);
  await sql.raw('alter table audit_log enable trigger audit_log_append_only').execute(db);
}

async function withRecords() {
  t = await createTestApp();
  const owner = await signedInOperator(t, 'owner');
  await signedInOperator(t, 'finance');
  await signedInOperator(t, 'support');
  return { t, owner };
}

describe('audit trail chained by hash (docs/decisions/0014-back-office.md#audit-trail)', () => {
  it('is intact after normal use, and the auditor reads it filtered', async () => {
    const { t, owner } = await withRecords();
    const verdict = await verifyAuditChain(t.app.deps.db.kysely, auditCheckOf(t.app.deps.config));
    expect(verdict).toMatchObject({ isIntact: true, problem: null });
    expect(verdict.records).toBeGreaterThanOrEqual(6);
    const list = await adminApi(t, 'POST', '/api/admin/audit', {
      token: owner.token,
      body: { action: 'operator.created' },
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().total).toBe(3);
    expect(list.json().rows[0].action).toBe('operator.created');
    const verify = await adminApi(t, 'GET', '/api/admin/audit/verify', { token: owner.token });
    expect(verify.json().isIntact).toBe(true);
  });

  it('the database refuses to change or delete a record', async () => {
    const { t } = await withRecords();
    await expect(
      sql.raw(`update audit_log set reason = 'x' where seq = 1`).execute(t.app.deps.db.kysely),
    ).rejects.toThrow(/append-only/);
    await expect(
      sql.raw(`delete from audit_log where seq = 1`).execute(t.app.deps.db.kysely),
    ).rejects.toThrow(/append-only/);
  });

  it('an edited record is reported at its place', async () => {
    const { t } = await withRecords();
    await tamper(
      t,
      `update audit_log set after = '{"username":"mallory","role":"owner"}'::jsonb where seq = 2`,
    );
    expect(
      await verifyAuditChain(t.app.deps.db.kysely, auditCheckOf(t.app.deps.config)),
    ).toMatchObject({
      isIntact: false,
      atSeq: 2,
    });
  });

  it('a removed record and a removed last record are reported', async () => {
    const { t } = await withRecords();
    await tamper(t, `delete from audit_log where seq = 3`);
    expect(
      await verifyAuditChain(t.app.deps.db.kysely, auditCheckOf(t.app.deps.config)),
    ).toMatchObject({
      isIntact: false,
      atSeq: 3,
    });
    const last = await t.app.deps.db.kysely
      .selectFrom('audit_head')
      .select('seq')
      .executeTakeFirstOrThrow();
    await tamper(t, `delete from audit_log where seq >= 3`);
    const verdict = await verifyAuditChain(t.app.deps.db.kysely, auditCheckOf(t.app.deps.config));
    expect(verdict.isIntact).toBe(false);
    expect(verdict.atSeq).toBe(Number(last.seq));
  });

  it('a record re-hashed after editing breaks the link of the next one', async () => {
    const { t } = await withRecords();
    await tamper(t, `update audit_log set reason = 'edited', hash = 'forged' where seq = 2`);
    const verdict = await verifyAuditChain(t.app.deps.db.kysely, auditCheckOf(t.app.deps.config));
    expect(verdict.isIntact).toBe(false);
    expect(verdict.atSeq).toBe(2);
  });

  it(
    'npm run audit:verify lists every edited record with exit code 1 (issue 27 item 1)',
    { timeout: 120_000 },
    async () => {
      const isPostgres = Boolean(process.env.DATABASE_URL);
      dir = await mkdtemp(join(tmpdir(), 'audit-verify-'));
      t = await createTestApp(isPostgres ? {} : { PGLITE_DIR: dir });
      await signedInOperator(t, 'owner');
      await tamper(t, `update audit_log set operator_name = 'someone-else' where seq in (1, 2)`);
      const env: Record<string, string> = { ...process.env, LOG_LEVEL: 'silent' } as Record<
        string,
        string
      >;
      env.AUDIT_ANCHOR_FILE = join(dir, 'audit-anchors.jsonl');
      if (isPostgres) env.DATABASE_SCHEMA = t.config.DATABASE_SCHEMA ?? '';
      else {
        env.PGLITE_DIR = dir;
        await t.close();
        t = undefined;
      }
      const failure = await run('npx', ['tsx', 'src/cli/audit-verify.ts'], {
        cwd: serverDir,
        env,
      }).then(
        () => null,
        (error: { code: number; stderr: string }) => error,
      );
      expect(failure?.code, failure?.stderr).toBe(1);
      expect(failure?.stderr ?? '', failure?.stderr).toMatch(
        /AUDIT TRAIL BROKEN at record 1: changed/,
      );
      expect(failure?.stderr ?? '', failure?.stderr).toMatch(
        /AUDIT TRAIL BROKEN at record 2: changed/,
      );
    },
  );
});
