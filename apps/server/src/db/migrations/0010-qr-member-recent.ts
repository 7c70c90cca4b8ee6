import { sql, type Kysely, type Migration } from 'kysely';

// An open deposit modal asks every ~2 s whether its QR was paid (docs/design.md#deposits): the member's newest settled
// QR at one provider is found through this index instead of a scan of every member's QRs.
export const migration0010: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create index qr_payments_member_recent_idx on qr_payments (member_id, provider, updated_at desc)`.execute(
      db,
    );
  },
  async down(db: Kysely<unknown>) {
    await sql`drop index if exists qr_payments_member_recent_idx`.execute(db);
  },
};
