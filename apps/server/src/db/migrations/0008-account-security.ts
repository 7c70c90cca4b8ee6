import { sql, type Kysely, type Migration } from 'kysely';

// Issue 8 A2/A4 (docs/decisions/0009-account-security.md): when a member's payout account last changed (withdrawals
// within 24 h of it wait for an operator), and one-time codes used up by a registration.
export const migration0008: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table member_bank_accounts add column changed_at timestamptz`.execute(db);
    await sql`alter table otp_requests add column used_at timestamptz`.execute(db);
    await sql`alter table otp_requests drop constraint if exists otp_requests_status_check`.execute(
      db,
    );
    await sql`alter table otp_requests add constraint otp_requests_status_check
      check (status in ('sent', 'verified', 'superseded', 'used'))`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`alter table otp_requests drop constraint if exists otp_requests_status_check`.execute(
      db,
    );
    await sql`delete from otp_requests where status = 'used'`.execute(db);
    await sql`alter table otp_requests add constraint otp_requests_status_check
      check (status in ('sent', 'verified', 'superseded'))`.execute(db);
    await sql`alter table otp_requests drop column if exists used_at`.execute(db);
    await sql`alter table member_bank_accounts drop column if exists changed_at`.execute(db);
  },
};
