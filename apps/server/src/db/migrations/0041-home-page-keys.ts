import { sql, type Kysely, type Migration } from 'kysely';

// The member home page's own credential (docs/decisions/0021-member-home-page.md): the hash of the key its HttpOnly
// cookie carries, instead of the session's bearer token. Null until the app asks for the cookie.
export const migration0041: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table sessions add column home_key_hash text`.execute(db);
    await sql`create unique index sessions_home_key_hash on sessions (home_key_hash) where home_key_hash is not null`.execute(
      db,
    );
  },
  async down(db: Kysely<unknown>) {
    await sql`drop index if exists sessions_home_key_hash`.execute(db);
    await sql`alter table sessions drop column if exists home_key_hash`.execute(db);
  },
};
