import { sql, type Kysely, type Migration } from 'kysely';

// The member's choice of year count in dates (docs/design.md#member-app): Gregorian by default, Buddhist era on request.
export const migration0016: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table members add column date_era text not null default 'gregorian'
      constraint members_date_era_check check (date_era in ('gregorian', 'buddhist'))`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`alter table members drop column if exists date_era`.execute(db);
  },
};
