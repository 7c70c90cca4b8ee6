import { sql, type Kysely, type Migration } from 'kysely';

// The audit trail's hash becomes keyed (docs/decisions/0014-back-office.md#audit-trail): each record says how its
// hash was made, 1 the plain SHA-256 of the records written before this migration, 2 an HMAC-SHA256 with the
// installation's AUDIT_HMAC_KEY. Adding a column fires no row trigger, so the append-only rule stands.
export const migration0033: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table audit_log add column hash_version smallint not null default 1
      check (hash_version in (1, 2))`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`alter table audit_log drop column if exists hash_version`.execute(db);
  },
};
