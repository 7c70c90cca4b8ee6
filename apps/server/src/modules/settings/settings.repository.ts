import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '@/db/schema.ts';
import {
  settingDefaults,
  settingSchemas,
  type SettingKey,
  type SettingValue,
} from '@/modules/settings/settings.schema.ts';

const readStored = (db: Kysely<Database>, key: SettingKey) =>
  db.selectFrom('operator_settings').select('value').where('key', '=', key).executeTakeFirst();

/** Reads one setting; undefined when neither stored nor defaulted. A stored value that fails its schema throws. */
export async function findSetting<K extends SettingKey>(
  db: Kysely<Database>,
  key: K,
): Promise<SettingValue<K> | undefined> {
  const row = await readStored(db, key);
  if (!row) return settingDefaults[key] as SettingValue<K> | undefined;
  const parsed = settingSchemas[key].safeParse(row.value);
  if (!parsed.success)
    throw new Error(`operator setting ${key} is malformed: ${parsed.error.message}`);
  return parsed.data as SettingValue<K>;
}

/** How long findSettingCached may answer from memory: a setting written by another process takes effect within it. */
export const SETTING_CACHE_TTL_MS = 3_000;

/** Bumped by every saveSetting in this process; a cached value read under an older generation is stale. */
let generation = 0;
const settingCache = new WeakMap<
  Kysely<Database>,
  Map<SettingKey, { value: unknown; expiresAt: number; generation: number }>
>();

/**
 * findSetting through an in-process cache of SETTING_CACHE_TTL_MS, for switches read on every request (the service
 * state). A saveSetting in this process clears it, so that write is seen at once (one made inside a longer transaction:
 * within the TTL after its commit); a write from elsewhere (another server process, a back office) within the TTL.
 */
export async function findSettingCached<K extends SettingKey>(
  db: Kysely<Database>,
  key: K,
): Promise<SettingValue<K> | undefined> {
  let cache = settingCache.get(db);
  if (!cache) settingCache.set(db, (cache = new Map()));
  const hit = cache.get(key);
  const now = performance.now();
  if (hit && hit.expiresAt > now && hit.generation === generation)
    return hit.value as SettingValue<K> | undefined;
  const readUnder = generation;
  const value = await findSetting(db, key);
  cache.set(key, { value, expiresAt: now + SETTING_CACHE_TTL_MS, generation: readUnder });
  return value;
}

/**
 * Makes every cached setting of this process stale. A save inside a transaction bumps the generation before its commit,
 * so a read racing it could cache the old value again; whoever commits such a save calls this after the commit.
 */
export function forgetCachedSettings(): void {
  generation += 1;
}

/**
 * Reads one setting for a change in this transaction: a transaction-scoped lock on the key (its row may not exist yet,
 * so a row lock would not serialize two first saves) makes concurrent saves of one key take turns, so each audit record's
 * before is what the previous save left.
 */
export async function findSettingForUpdate<K extends SettingKey>(
  trx: Transaction<Database>,
  key: K,
): Promise<SettingValue<K> | undefined> {
  await sql`select pg_advisory_xact_lock(hashtext(${`operator_settings:${key}`}))`.execute(trx);
  const row = await readStored(trx, key);
  if (!row) return settingDefaults[key] as SettingValue<K> | undefined;
  const parsed = settingSchemas[key].safeParse(row.value);
  // A malformed stored value is replaced by the save; the audit trail keeps what was there.
  return (parsed.success ? parsed.data : row.value) as SettingValue<K>;
}

export async function saveSetting<K extends SettingKey>(
  db: Kysely<Database>,
  key: K,
  value: SettingValue<K>,
  now: Date,
  options: { isOverwrite: boolean } = { isOverwrite: true },
): Promise<void> {
  const json = JSON.stringify(settingSchemas[key].parse(value));
  const insert = db
    .insertInto('operator_settings')
    .values({ key, value: sql<string>`${json}::jsonb`, updated_at: now });
  await (
    options.isOverwrite
      ? insert.onConflict((oc) =>
          oc.column('key').doUpdateSet({ value: sql<string>`excluded.value`, updated_at: now }),
        )
      : insert.onConflict((oc) => oc.column('key').doNothing())
  ).execute();
  generation += 1;
}
