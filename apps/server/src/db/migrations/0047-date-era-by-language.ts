import { sql, type Kysely, type Migration } from 'kysely';

// A member who has not chosen a year count reads dates in the language's own (docs/design.md#member-app): Thai in the
// Buddhist era. Until now 'gregorian' was written for everyone by default, so it is taken as not chosen.
export const migration0047: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table members alter column date_era drop not null`.execute(db);
    await sql`alter table members alter column date_era drop default`.execute(db);
    await sql`update members set date_era = null where date_era = 'gregorian'`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`update members set date_era = 'gregorian' where date_era is null`.execute(db);
    await sql`alter table members alter column date_era set default 'gregorian'`.execute(db);
    await sql`alter table members alter column date_era set not null`.execute(db);
  },
};
