import { sql, type Kysely, type Migration } from 'kysely';

// Back-office notices (docs/back-office/notices.md): one row per operator told. A control that needs every owner to
// know (a money setting waiting, an owner created, an operator nearing the second-approval line) writes them in the
// transaction of the change it tells about.
export const migration0032: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table operator_notices (
      id uuid primary key,
      operator_id uuid not null references operators(id),
      kind text not null,
      params jsonb not null default '{}'::jsonb,
      created_at timestamptz not null,
      read_at timestamptz
    )`.execute(db);
    await sql`create index operator_notices_by_operator on operator_notices (operator_id, created_at desc)`.execute(
      db,
    );
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table if exists operator_notices`.execute(db);
  },
};
