import { sql, type Kysely, type Migration } from 'kysely';

// Issue 9 (docs/design.md#password-reset): one-time codes are sent for a registration or a password reset, and a
// reset asked for a phone that is no member is recorded without any SMS (no gateway token), so it answers the same.
export const migration0009: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table otp_requests add column purpose text not null default 'register'`.execute(
      db,
    );
    await sql`alter table otp_requests add constraint otp_requests_purpose_check
      check (purpose in ('register', 'password_reset'))`.execute(db);
    await sql`alter table otp_requests alter column gateway_token drop not null`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`delete from otp_requests where purpose <> 'register' or gateway_token is null`.execute(
      db,
    );
    await sql`alter table otp_requests alter column gateway_token set not null`.execute(db);
    await sql`alter table otp_requests drop constraint if exists otp_requests_purpose_check`.execute(
      db,
    );
    await sql`alter table otp_requests drop column if exists purpose`.execute(db);
  },
};
