import { readFile } from 'node:fs/promises';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { auditFieldsOf, auditHash } from '@/modules/audit/audit-hash.ts';
import { anchorAuditHead } from '@/modules/audit/audit-anchor.ts';
import { auditCheckOf, verifyAuditChain } from '@/modules/audit/audit.service.ts';
import { adminApi, signedInOperator } from './support/operators.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** Runs SQL behind the application's back with the append-only trigger off, as a database superuser could. */
async function asSuperuser(app: TestApp, run: () => Promise<unknown>) {
  const db = app.app.deps.db.kysely;
  await sql.raw('alter table audit_log disable trigger audit_log_append_only').execute(db);
  try {
    await run();
  } finally {
    await sql.raw('alter table audit_log enable trigger audit_log_append_only').execute(db);
  }
}

async function withRecords() {
  const app = await createTestApp();
  const owner = await signedInOperator(app, 'owner');
  await signedInOperator(app, 'finance');
  await signedInOperator(app, 'support');
  return { app, owner };
}

const verify = (app: TestApp) =>
  verifyAuditChain(app.app.deps.db.kysely, auditCheckOf(app.app.deps.config));

describe('audit verification lists every broken record (issue 27 item 1)', () => {
  it('two edited records are both listed, by the service and the back office', async () => {
    const { app, owner } = await withRecords();
    t = app;
    await asSuperuser(app, () =>
      sql
        .raw(`update audit_log set reason = 'edited' where seq in (2, 4)`)
        .execute(app.app.deps.db.kysely),
    );
    const verdict = await verify(app);
    expect(verdict).toMatchObject({
      isIntact: false,
      atSeq: 2,
      brokenTotal: 2,
      broken: [
        { seq: 2, kind: 'changed' },
        { seq: 4, kind: 'changed' },
      ],
    });
    const answer = await adminApi(app, 'GET', '/api/admin/audit/verify', { token: owner.token });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({
      isIntact: false,
      brokenTotal: 2,
      broken: [
        { seq: 2, kind: 'changed' },
        { seq: 4, kind: 'changed' },
      ],
    });
  });

  it('new records carry a keyed hash: recomputing a plain SHA-256 over an edit does not hide it', async () => {
    const { app } = await withRecords();
    t = app;
    const db = app.app.deps.db.kysely;
    const row = await db
      .selectFrom('audit_log')
      .selectAll()
      .where('seq', '=', '2')
      .executeTakeFirstOrThrow();
    expect(row.hash_version).toBe(2);
    const forged = auditHash(
      row.prev_hash,
      auditFieldsOf({ ...row, after: { ...(row.after as object), role: 'owner' } }),
      null,
    );
    await asSuperuser(app, () =>
      sql`update audit_log set after = after || '{"role":"owner"}'::jsonb, hash = ${forged} where seq = 2`.execute(
        db,
      ),
    );
    expect((await verify(app)).broken[0]).toEqual({ seq: 2, kind: 'changed' });
  });
});

/** Rewrites every record as the plain SHA-256 chain written before the key (hash version 1), from `edit`. */
async function asPlainChain(
  app: TestApp,
  edit: (seq: string, name: string) => string = (_, n) => n,
) {
  const db = app.app.deps.db.kysely;
  const rows = await db.selectFrom('audit_log').selectAll().orderBy('seq').execute();
  let prevHash = 'genesis';
  await asSuperuser(app, async () => {
    for (const row of rows) {
      const operatorName = edit(String(row.seq), row.operator_name);
      const hash = auditHash(
        prevHash,
        auditFieldsOf({ ...row, operator_name: operatorName }),
        null,
      );
      await sql`update audit_log set operator_name = ${operatorName}, hash_version = 1, prev_hash = ${prevHash}, hash = ${hash} where seq = ${row.seq}`.execute(
        db,
      );
      prevHash = hash;
    }
    await sql`update audit_head set hash = ${prevHash}`.execute(db);
  });
}

describe('records written before the key', () => {
  it('verify with their plain hash, keyed records follow them, and a plain one after a keyed one is reported', async () => {
    const { app } = await withRecords();
    t = app;
    await asPlainChain(app);
    const legacy = await app.app.deps.db.kysely
      .selectFrom('audit_head')
      .select('seq')
      .executeTakeFirstOrThrow();
    await signedInOperator(app, 'auditor');
    const verdict = await verify(app);
    expect(verdict).toMatchObject({ isIntact: true, brokenTotal: 0 });
    expect(verdict.records).toBeGreaterThan(Number(legacy.seq));

    const last = Number(
      (
        await app.app.deps.db.kysely
          .selectFrom('audit_head')
          .select('seq')
          .executeTakeFirstOrThrow()
      ).seq,
    );
    await asSuperuser(app, () =>
      sql`update audit_log set hash_version = 1 where seq = ${String(last)}`.execute(
        app.app.deps.db.kysely,
      ),
    );
    expect((await verify(app)).broken).toEqual([
      { seq: last, kind: 'unkeyed' },
      { seq: last, kind: 'changed' },
    ]);
  });
});

describe('the chain head is anchored outside the database (issue 27 item 1)', () => {
  it('a whole chain rewritten consistently with plain hashes fails against the anchored head', async () => {
    const { app } = await withRecords();
    t = app;
    const db = app.app.deps.db.kysely;
    const anchor = await anchorAuditHead(app.app.deps);
    const head = await db.selectFrom('audit_head').selectAll().executeTakeFirstOrThrow();
    expect(anchor).toMatchObject({ seq: Number(head.seq), hash: head.hash });
    const kept = (await readFile(app.app.deps.config.AUDIT_ANCHOR_FILE ?? '', 'utf8')).trim();
    expect(JSON.parse(kept)).toMatchObject({ seq: Number(head.seq), hash: head.hash });
    // Nothing new: no second line.
    expect(await anchorAuditHead(app.app.deps)).toBeNull();

    // The superuser renames the first operator and re-hashes every record after it, without the key.
    await asPlainChain(app, (seq, name) => (seq === '1' ? 'mallory' : name));
    // Consistent in itself: without the anchor nothing would show it.
    const unanchored = await verifyAuditChain(db, {
      ...auditCheckOf(app.app.deps.config),
      anchorFile: null,
    });
    expect(unanchored.isIntact).toBe(true);

    const verdict = await verify(app);
    expect(verdict.isIntact).toBe(false);
    expect(verdict.anchor).toMatchObject({ seq: Number(head.seq) });
    expect(verdict.broken).toContainEqual({ seq: Number(head.seq), kind: 'anchor' });
  });

  it('a chain cut below the anchored head fails against it', async () => {
    const { app } = await withRecords();
    t = app;
    const db = app.app.deps.db.kysely;
    const anchor = await anchorAuditHead(app.app.deps);
    await asSuperuser(app, async () => {
      await sql`delete from audit_log where seq >= 5`.execute(db);
      await sql`update audit_head set seq = 4, hash = (select hash from audit_log where seq = 4)`.execute(
        db,
      );
    });
    const verdict = await verify(app);
    expect(verdict.isIntact).toBe(false);
    expect(verdict.broken).toContainEqual({ seq: anchor?.seq, kind: 'anchor' });
  });
});
