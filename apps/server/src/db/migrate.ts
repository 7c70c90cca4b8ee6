import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { Database } from '@/db/schema.ts';
import { migration0001 } from '@/db/migrations/0001-initial.ts';

/** Every migration, in order. Names sort lexically, so keep the NNNN- prefix. */
const migrations: Record<string, Migration> = {
  '0001-initial': migration0001,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw new Error('database migration failed', { cause: error });
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
