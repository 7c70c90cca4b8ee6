import { sql, type Kysely, type Migration } from 'kysely';
import { runStatements } from '@/db/migrations/run-statements.ts';

// Ledger history is append-only (docs/decisions/0010-ledger-locks-and-leases.md): a transfer row may change only once,
// from pending to posted or voided, setting settled_at; nothing else of it ever changes, and no row is ever deleted.
// The trigger compares the whole row as JSON minus the two settling columns, so it needs no column list (a column
// added later is frozen too). Values are frozen here: this migration imports no application code.
// One statement per entry: PGlite's extended protocol runs a single statement per query.
const up = [
  `create function ledger_transfers_append_only() returns trigger language plpgsql as $$
  begin
    if tg_op = 'DELETE' then
      raise exception 'ledger_transfers is append-only: transfer % cannot be deleted', old.id
        using errcode = 'P0001';
    end if;
    if old.status <> 'pending' or new.status not in ('posted', 'voided') or old.settled_at is not null
      or new.settled_at is null
      or (to_jsonb(new) - 'status' - 'settled_at') <> (to_jsonb(old) - 'status' - 'settled_at') then
      raise exception 'ledger_transfers is append-only: transfer % (%) may only be settled once from pending',
        old.id, old.status using errcode = 'P0001';
    end if;
    return new;
  end $$`,
  `create trigger ledger_transfers_append_only before update or delete on ledger_transfers
    for each row execute function ledger_transfers_append_only()`,
  `create function ledger_transfers_no_truncate() returns trigger language plpgsql as $$
  begin
    raise exception 'ledger_transfers is append-only: it cannot be truncated' using errcode = 'P0001';
  end $$`,
  `create trigger ledger_transfers_no_truncate before truncate on ledger_transfers
    for each statement execute function ledger_transfers_no_truncate()`,
];

export const migration0006: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, up);
  },
  async down(db: Kysely<unknown>) {
    await sql`drop trigger if exists ledger_transfers_no_truncate on ledger_transfers`.execute(db);
    await sql`drop function if exists ledger_transfers_no_truncate()`.execute(db);
    await sql`drop trigger if exists ledger_transfers_append_only on ledger_transfers`.execute(db);
    await sql`drop function if exists ledger_transfers_append_only()`.execute(db);
  },
};
