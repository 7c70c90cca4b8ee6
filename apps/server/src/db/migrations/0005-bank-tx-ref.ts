import { sql, type Kysely, type Migration } from 'kysely';

// The ledger external reference a bank-feed line is credited under: `banktx:<bank>:<transRef>` when the bank reports
// the sending bank's transaction reference (shared with slips of the same transfer), else the feed's own reference.
// Null on rows from before this migration: they were credited under their feed reference.
export const migration0005: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table bank_incoming_transfers add column deposit_ref text`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`alter table bank_incoming_transfers drop column if exists deposit_ref`.execute(db);
  },
};
