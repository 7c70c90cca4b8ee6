import { mkdirSync } from 'node:fs';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, type Transaction } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { retryOnConflict } from '@/db/conflict-retry.ts';
import { PreparingClient } from '@/db/preparing-client.ts';
import type { Database } from '@/db/schema.ts';

export type Trx = Transaction<Database>;

/** What a repository runs its SQL on: the database, or a transaction of it. */
export type Queryable = Kysely<Database>;

export type Db = {
  /** For single statements outside a transaction. Never use it inside a withTransaction callback (use the trx). */
  kysely: Kysely<Database>;
  /**
   * Runs fn in one database transaction. On PGlite (one connection, no isolation) transactions run one at a time
   * through a queue; on PostgreSQL they run concurrently and rely on row locks, conditional updates and unique
   * constraints. A deadlock or serialization failure re-runs fn as a new transaction, a bounded number of times
   * (docs/decisions/0010-ledger-locks-and-leases.md), so fn must not change anything outside the database. Never call
   * an outside party inside fn (docs/design.md#money).
   */
  withTransaction<T>(fn: (trx: Trx) => Promise<T>): Promise<T>;
  driver: 'pglite' | 'postgres';
  /**
   * PGlite only: runs a script of several statements without parameters (the job engine's schema set-up), on the one
   * connection after whatever holds it, so it never lands inside another caller's transaction.
   */
  runScript?: (script: string) => Promise<{ rows: unknown[] }>;
  destroy(): Promise<void>;
};

export type DatabaseOptions = {
  databaseUrl?: string | undefined;
  schema?: string | undefined;
  poolMax?: number;
  pgliteDir: string;
  /**
   * PGlite only: a compiled engine, its file bundle and a data directory to start from, so that a process making many
   * databases (the server's test suite) compiles the engine and migrates once (docs/testing.md).
   */
  pgliteStart?: Pick<PGliteOptions, 'wasmModule' | 'fsBundle' | 'loadDataDir'> | undefined;
};

/** A promise chain that runs tasks strictly one after another. */
function createQueue() {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>): Promise<T> => {
    const run = tail.then(task, task);
    tail = run.catch(() => undefined);
    return run;
  };
}

export async function createDatabase(options: DatabaseOptions): Promise<Db> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolMax ?? 10,
      Client: PreparingClient,
      // search_path is a connection option, so it holds for every pooled connection.
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    // An idle connection PostgreSQL ended (a restart, a fail-over) is reported here: the pool drops it and the next
    // query connects again (docs/decisions/0019-cluster-and-faults.md). Without a listener it would end the process.
    pool.on('error', () => undefined);
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return {
      kysely,
      driver: 'postgres',
      withTransaction: (fn) => retryOnConflict(() => kysely.transaction().execute(fn)),
      destroy: () => kysely.destroy(),
    };
  }

  const dir = options.pgliteDir;
  if (!dir.startsWith('memory://')) mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir, options.pgliteStart ?? {});
  const kysely = new Kysely<Database>({ dialect: new PGliteDialect(client) });
  const enqueue = createQueue();
  return {
    kysely,
    driver: 'pglite',
    runScript: (script) =>
      kysely
        .connection()
        .execute(async () => (await client.exec(script)).at(-1) ?? { rows: [] }),
    withTransaction: (fn) => retryOnConflict(() => enqueue(() => kysely.transaction().execute(fn))),
    destroy: () => kysely.destroy(),
  };
}
