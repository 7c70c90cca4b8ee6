import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import type { DatabaseOptions } from '@/db/database.ts';
import { migrateToLatest } from '@/db/migrate.ts';
import type { Database } from '@/db/schema.ts';

type PgliteStart = NonNullable<DatabaseOptions['pgliteStart']>;
/** Node's WebAssembly global, which the server's compiler settings (no DOM library) do not declare. */
const { WebAssembly: wasmApi } = globalThis as unknown as {
  WebAssembly: { compile(bytes: Uint8Array): Promise<NonNullable<PgliteStart['wasmModule']>> };
};

/**
 * What every in-memory test database starts from: the engine compiled once and a data directory already migrated,
 * made once per test process (docs/testing.md). Kept on globalThis, so the files a worker runs one after another share
 * it (the server project does not isolate its files); each database is still its own, loaded from the copy.
 */
const slot = globalThis as { mekongPgliteStart?: Promise<PgliteStart> };

async function prepare(): Promise<PgliteStart> {
  const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  const [wasm, data] = await Promise.all([
    readFile(path.join(dist, 'pglite.wasm')),
    readFile(path.join(dist, 'pglite.data')),
  ]);
  const engine = { wasmModule: await wasmApi.compile(wasm), fsBundle: new Blob([data]) };
  const client = await PGlite.create('memory://', engine);
  const kysely = new Kysely<Database>({ dialect: new PGliteDialect(client) });
  await migrateToLatest(kysely, undefined);
  const loadDataDir = await client.dumpDataDir('none');
  await kysely.destroy();
  return { ...engine, loadDataDir };
}

export function pgliteStart(): Promise<PgliteStart> {
  slot.mekongPgliteStart ??= prepare();
  return slot.mekongPgliteStart;
}
