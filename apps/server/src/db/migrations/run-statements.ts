import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Runs plain SQL statements in order. Shared by the migrations only and frozen with them: it imports
 * nothing from live code, so a migration does the same thing whatever the live code becomes.
 */
export async function runStatements(db: Kysely<unknown>, statements: readonly string[]) {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

/** A migration made of plain SQL statements only: `up` on the way up, `down` on the way back. */
export function statementsMigration(up: readonly string[], down: readonly string[]): Migration {
  return {
    up: (db: Kysely<unknown>) => runStatements(db, up),
    down: (db: Kysely<unknown>) => runStatements(db, down),
  };
}
